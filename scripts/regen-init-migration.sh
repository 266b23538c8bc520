#!/usr/bin/env bash
# While nothing is deployed, the schema has one migration: regenerate it from prisma/schema.prisma.
# After the first release, add migrations instead (README: 'Adding a migration').
set -euo pipefail
cd "$(dirname "$0")/.."
tool=../shared/tools/prisma-migration-sql
out=prisma/migrations/20261122000000_init/migration.sql
"$tool" empty prisma/schema.prisma > "$out.tmp" && mv "$out.tmp" "$out"
node scripts/prisma-generate.mjs
echo "regenerated $out"

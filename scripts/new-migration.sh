#!/usr/bin/env bash
# npm run migration:new -- <what_changed> [FROM]
# Writes prisma/migrations/<UTC timestamp>_<what_changed>/migration.sql: the SQL that turns FROM (default: the
# schema as last committed) into the edited prisma/schema.prisma, then regenerates the Prisma client.
# Migrations are append-only: never edit one that has landed.
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:?usage: npm run migration:new -- <what_changed> [FROM schema file]}
[[ $name =~ ^[a-z0-9_]+$ ]] || { echo "migration name: lower-case letters, digits and _ only" >&2; exit 2; }
from=${2:-}
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
if [ -z "$from" ]; then git show HEAD:prisma/schema.prisma > "$tmp"; from=$tmp; fi
dir=prisma/migrations/$(date -u +%Y%m%d%H%M%S)_$name
mkdir -p "$dir"
scripts/prisma-migration-sql "$from" prisma/schema.prisma > "$dir/migration.sql"
if [ ! -s "$dir/migration.sql" ] || ! grep -qv -e '^--' -e '^[[:space:]]*$' "$dir/migration.sql"; then
  rm -rf "$dir"; echo "no schema change to migrate" >&2; exit 1
fi
node scripts/prisma-generate.mjs
echo "wrote $dir/migration.sql"

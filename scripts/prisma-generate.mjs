// Generates the Prisma client. The Prisma CLI insists on locating its native schema engine even for
// `generate`, which needs none; on machines without download access we point it at any existing file.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1' };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
if (!existsSync('prisma/schema.prisma')) process.exit(0);
const result = spawnSync('npx', ['prisma', 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { createDb } from '../../../apps/server/src/db/prisma.js';
import { parseEnv } from '../../../apps/server/src/env.js';
import { issueAccessToken } from '../../../apps/server/src/modules/auth/access-token.service.js';

// The product as `npm start` runs it (the built apps/server/dist/main.js through apps/server/bin/serve.sh), in a process of
// its own, so a benchmark can read that process's memory alone. Rebuilt first: it must run this tree's code.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The server's secrets in a benchmark (a bench that seals integration secrets uses the same key). */
export const SERVER_SECRETS = {
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123',
  INTERCOM_SECRET: 'bench-intercom-secret',
  INTEGRATIONS_ENC_KEY: Buffer.alloc(32, 3).toString('base64'),
};

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  address: string;
  headers: Record<string, string>;
  stop: () => Promise<void>;
}

export function memoryMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
}

/** CPU time the process has used so far (user + system), in ms: /proc/<pid>/stat counts clock ticks (100 a second). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // After the command name: state is field 3, utime 14 and stime 15 (proc(5)).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Forgets the process's peak so far (Linux: writing 5 to clear_refs resets VmHWM to the current RSS). */
export async function resetPeakMemory(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => undefined);
}

/** Builds apps/server/dist/main.js from this tree (esbuild, a few seconds). */
export function buildServer(): void {
  const build = spawnSync(process.execPath, [path.join(root, 'apps/server/build.mjs')], {
    cwd: path.join(root, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('server build failed');
}

export async function startServerProcess(
  databaseUrl: string,
  userId: string,
  options: { env?: Record<string, string>; nodeFlags?: string[] } = {},
): Promise<ServerProcess> {
  const port = 4100 + Math.floor(Math.random() * 800);
  const prefix = `crmbench:${randomUUID().slice(0, 6)}`;
  // Started as `npm start` starts it (apps/server/bin/serve.sh: its node flags and malloc settings), plus any
  // other node flags to compare, and BENCH_SERVER_NODE_FLAGS (say --cpu-prof --cpu-prof-dir=/tmp/prof). Its
  // stdout (pino's logs, V8's traces) is shown with BENCH_SERVER_STDOUT=1.
  const flags = [...(options.nodeFlags ?? []), ...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean)];
  const child = spawn('sh', [path.join(root, 'apps/server/bin/serve.sh'), ...flags], {
    cwd: root,
    env: {
      ...process.env,
      NODE: process.execPath,
      NODE_ENV: 'production',
      ...SERVER_SECRETS,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      REDIS_PREFIX: prefix,
      // The benchmarks measure the server's capacity with one user's token: no per-user limits.
      USER_REQUESTS_PER_MINUTE: '0',
      USER_CONCURRENT_REQUESTS: '0',
      ...options.env,
    },
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  const address = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('server did not become ready');
    if (
      await fetch(`${address}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // A bearer token the server accepts: same secret, issuer and audience, an AuthSession row in its database.
  const tokenEnv = parseEnv({ ...SERVER_SECRETS, DATABASE_URL: databaseUrl, NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  const db = createDb(databaseUrl, { max: 1 });
  const token = await issueAccessToken({ env: tokenEnv, db, clock: { now: () => new Date() } }, { id: userId, tokenVersion: 0 });
  await db.$disconnect();
  return {
    child,
    pid: child.pid ?? 0,
    address,
    headers: { authorization: `Bearer ${token.access_token}` },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      // Its queues and schedulers (under its own prefix) go with it.
      const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
      const keys = await redis.keys(`${prefix}:*`).catch(() => []);
      if (keys.length) await redis.del(...keys).catch(() => undefined);
      redis.disconnect();
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

// A deployment of the built product on this machine: API processes (apps/server/bin/serve.sh, RUN_WORKERS=false)
// and a worker process (apps/server/bin/worker.sh), started as `npm start` and `npm run worker` start them, sharing
// one fresh database, one Redis key prefix and one S3 bucket. Each process has its own port and its own STORAGE_DIR,
// so a file one API wrote can only reach another through the bucket.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ServerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  storageDir: string;
  logs: () => string;
  /** SIGTERM, then waits for the exit; answers the exit code. */
  stop: () => Promise<number | null>;
}

export interface Cluster {
  databaseUrl: string;
  env: Record<string, string>;
  startApi: (name: string, extra?: Record<string, string>) => Promise<ServerProcess>;
  startWorker: (name: string) => Promise<ServerProcess>;
  close: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitReady(proc: ServerProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited with ${proc.child.exitCode}:\n${proc.logs()}`);
    const ready = await fetch(`${proc.url}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${proc.name} not ready after 60 s:\n${proc.logs()}`);
}

export function builtProduct(): void {
  for (const file of ['apps/server/dist/main.js', 'apps/server/dist/worker.js']) {
    if (!existsSync(path.join(root, file))) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
}

/** A fresh database and Redis prefix; `env` is what every process of the cluster shares (S3, limits...). */
export async function createCluster(shared: Record<string, string>): Promise<Cluster> {
  builtProduct();
  const dbName = `crm_scale_${randomBytes(4).toString('hex')}`;
  const database = new URL(adminUrl);
  database.pathname = `/${dbName}`;
  const prefix = `crmscale:${randomBytes(3).toString('hex')}`;
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: database.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    ...shared,
  };
  const processes: ServerProcess[] = [];

  async function start(name: string, script: string, extra: Record<string, string>, portVariable: 'PORT' | 'WORKER_PORT') {
    const port = await freePort();
    const storageDir = await mkdtemp(path.join(tmpdir(), `crm-scale-${name}-`));
    let output = '';
    const child = spawn('sh', [path.join(root, script)], {
      cwd: root,
      env: { ...process.env, NODE: process.execPath, ...env, STORAGE_DIR: storageDir, [portVariable]: String(port), ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const proc: ServerProcess = {
      name,
      url: `http://127.0.0.1:${port}`,
      child,
      storageDir,
      logs: () => output,
      stop: async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        return exited;
      },
    };
    processes.push(proc);
    await waitReady(proc);
    return proc;
  }

  return {
    databaseUrl: env.DATABASE_URL ?? '',
    env,
    startApi: (name, extra = {}) => start(name, 'apps/server/bin/serve.sh', { RUN_WORKERS: 'false', ...extra }, 'PORT'),
    startWorker: (name) => start(name, 'apps/server/bin/worker.sh', {}, 'WORKER_PORT'),
    close: async () => {
      await Promise.all(processes.map((proc) => proc.stop()));
      await Promise.all(processes.map((proc) => rm(proc.storageDir, { recursive: true, force: true })));
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await client.end();
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    },
  };
}

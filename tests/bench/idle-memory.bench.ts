import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchDatabase } from './lib/bench-database.js';

// The built server (`node apps/server/dist/main.js`), idle after start: resident memory (target < 200 MB).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
}

export async function benchIdleMemory(database: BenchDatabase): Promise<string[]> {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!existsSync(main)) return ['idle memory: skipped, apps/server/dist/main.js missing (run npm run build)'];
  const port = 3900 + Math.floor(Math.random() * 90);
  // Started as `npm start` starts it: apps/server/bin/serve.sh, whose node flags and malloc settings keep idle memory down.
  const child = spawn('sh', [path.join(root, 'apps/server/bin/serve.sh')], {
    cwd: root,
    env: {
      ...process.env,
      NODE: process.execPath,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      REDIS_PREFIX: 'crmbenchidle',
    },
    stdio: 'ignore',
  });
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error('server did not become ready');
      const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 3000));
    const rss = rssMb(child.pid ?? 0);
    return [`idle server RSS ${rss.toFixed(1)} MB (target < 200 MB: ${rss < 200 ? 'within target' : 'OVER target'})`];
  } finally {
    child.kill('SIGTERM');
  }
}

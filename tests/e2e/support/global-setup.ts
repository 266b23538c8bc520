import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startPropertyFinderFake } from '../../../apps/server/test/fakes/propertyfinder.fake.js';
import { startWhatsAppFake } from '../../../apps/server/test/fakes/whatsapp.fake.js';
import { startTinyUrlFake } from '../../../apps/server/test/fakes/tinyurl.fake.js';
import { startEngageFake } from '../../../apps/server/test/fakes/engage.fake.js';
import { e2eWorkers } from './workers.js';

// Starts the built product (`node apps/server/dist/main.js`, as `npm start` does) on a free port against a
// fresh database, which the server migrates and fills with the demo data itself, once per worker; drops them after.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server not ready after 60 s:\n${output()}`);
}

export interface E2eServer {
  baseUrl: string;
  /** Where the server writes its mails, one file each (it has no SMTP): the links customers are sent. */
  outboxDir: string;
  whatsAppFakeUrl: string;
  engageFakeUrl: string;
}

interface RunningServer extends E2eServer {
  stop: () => Promise<void>;
}

async function startServer(): Promise<RunningServer> {
  const dbName = `crm_e2e_${randomBytes(4).toString('hex')}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${dbName}`;
  // Uploaded files go to a folder of this run, removed with its database (never into the work tree).
  const storageDir = await mkdtemp(path.join(tmpdir(), 'crm-e2e-storage-'));
  const port = await freePort();
  // Property Finder's API for the integrations screen's connection test (tests/e2e/integrations.e2e.ts).
  const propertyFinder = await startPropertyFinderFake();
  // WhatsApp's Graph API for the lead conversations (tests/e2e/conversations.e2e.ts).
  const whatsApp = await startWhatsAppFake();
  // TinyURL's API for the listing page's short link (tests/e2e/listing-short-link.e2e.ts).
  const tinyUrl = await startTinyUrlFake();
  // Engage's team API for the member page's CRM sync (tests/e2e/team.e2e.ts).
  const engage = await startEngageFake();
  const baseUrl = `http://127.0.0.1:${port}`;
  let logs = '';
  // Started as `npm start` starts it: apps/server/bin/serve.sh with its node flags and malloc settings.
  const child = spawn('sh', [path.join(root, 'apps/server/bin/serve.sh')], {
    cwd: root,
    env: {
      ...process.env,
      NODE: process.execPath,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `crme2e:${randomBytes(3).toString('hex')}`,
      CORS_ORIGINS: baseUrl,
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      STORAGE_DIR: storageDir,
      // One admin drives every file of the suite in turn (storage grids load dozens of thumbnails at once): the
      // per-user limits have their own tests (apps/server user-limits tests), as in the server's test apps.
      USER_REQUESTS_PER_MINUTE: '0',
      USER_CONCURRENT_REQUESTS: '0',
      INTEGRATION_BASE_URL_PROPERTYFINDER: propertyFinder.url,
      INTEGRATION_BASE_URL_WHATSAPP: whatsApp.url,
      INTEGRATION_BASE_URL_TINYURL: tinyUrl.url,
      INTEGRATION_BASE_URL_ENGAGE: engage.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (logs += chunk));
  child.stderr?.on('data', (chunk) => (logs += chunk));
  await waitReady(baseUrl, child, () => logs);
  return {
    baseUrl,
    outboxDir: path.join(storageDir, 'outbox'),
    whatsAppFakeUrl: whatsApp.url,
    engageFakeUrl: engage.url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await client.end();
      await rm(storageDir, { recursive: true, force: true });
      await propertyFinder.close();
      await whatsApp.close();
      await tinyUrl.close();
      await engage.close();
    },
  };
}

export default async function globalSetup({ provide }: { provide: (key: string, value: unknown) => void }) {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) throw new Error(`Chromium not found at ${chromium} (Debian: apt-get install -y chromium)`);

  // A test file reads what it counts from its own worker's server, so files run side by side without sharing data.
  const servers = await Promise.all(Array.from({ length: e2eWorkers() }, () => startServer()));
  provide(
    'servers',
    servers.map(({ baseUrl, outboxDir, whatsAppFakeUrl, engageFakeUrl }) => ({ baseUrl, outboxDir, whatsAppFakeUrl, engageFakeUrl })),
  );
  provide('chromiumPath', chromium);

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    servers: E2eServer[];
    chromiumPath: string;
  }
}

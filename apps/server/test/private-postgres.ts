import { execFile, execFileSync } from 'node:child_process';
import { accessSync, chownSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrate } from '../src/db/migrator.js';

// A PostgreSQL cluster of a test's own, for tests that stop and start the database (an outage): the shared
// server other test files (and other people) use must never go down. Made with the installed server binaries
// (initdb, pg_ctl) in a temporary directory, on a free port, migrated by the server's own migrator. As root
// (CI), initdb and postgres refuse to run, so the helper runs them as the `postgres` user and gives it the
// directory. It never skips: a cluster that cannot be made fails the test with the reason and the server log.

const run = promisify(execFile);
const COMMAND_TIMEOUT_MS = 60_000;

export interface PrivatePostgres {
  /** postgresql://postgres@127.0.0.1:<port>/postgres, migrated. */
  url: string;
  port: number;
  /** Stops the server (fast shutdown: open connections are cut, as in an outage). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops the server if it runs and deletes its directory. Idempotent; also runs at process exit. */
  destroy(): Promise<void>;
}

/** The directory holding initdb and pg_ctl: Debian's /usr/lib/postgresql/<newest>/bin, else the PATH. */
function findBinDir(): string {
  const looked: string[] = [];
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const candidates = [...versions.map((version) => path.join(debian, version, 'bin')), ...(process.env.PATH ?? '').split(path.delimiter)];
  for (const dir of candidates) {
    if (!dir) continue;
    looked.push(dir);
    const usable = ['initdb', 'pg_ctl'].every((tool) => {
      try {
        accessSync(path.join(dir, tool), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
    if (usable) return dir;
  }
  throw new Error(`private PostgreSQL: initdb and pg_ctl not found (looked in ${looked.join(', ')})`);
}

/** How to run the server's tools: as ourselves, or as `postgres` when we are root (they refuse root). */
function runner(): { wrap: (argv: string[]) => [string, string[]]; owner: { uid: number; gid: number } | null } {
  if (process.getuid?.() !== 0) return { wrap: ([file = '', ...args]) => [file, args], owner: null };
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  let owner: { uid: number; gid: number };
  try {
    owner = { uid: id('-u'), gid: id('-g') };
  } catch (error) {
    throw new Error(`private PostgreSQL: running as root needs a 'postgres' user to run the server as (${String(error)})`);
  }
  return { wrap: (argv) => ['runuser', ['-u', 'postgres', '--', ...argv]], owner };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('private PostgreSQL: no free port'))));
    });
  });
}

/** initdb, start, migrate. Call in beforeAll; destroy() in afterAll (a process exit also cleans up). */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findBinDir();
  const { wrap, owner } = runner();
  // Short path: the server's Unix socket lives here too (socket paths are limited to ~100 bytes).
  const root = mkdtempSync(path.join(os.tmpdir(), 'crm-pg-'));
  if (owner) chownSync(root, owner.uid, owner.gid);
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  const port = await freePort();
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root} -c fsync=off -c full_page_writes=off`;
  const pgCtl = (args: string[]) => wrap([path.join(bin, 'pg_ctl'), '-D', dataDir, ...args]);

  const logTail = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '(no server log)');
  const exec = async (argv: [string, string[]], what: string) => {
    try {
      await run(argv[0], argv[1], { cwd: root, timeout: COMMAND_TIMEOUT_MS });
    } catch (error) {
      const e = error as { stderr?: string; message?: string };
      throw new Error(`private PostgreSQL: ${what} failed: ${e.stderr || e.message}\n${logTail()}`);
    }
  };

  let destroyed = false;
  // A test process that ends without afterAll (a crash, a timeout) must not leave a server behind.
  const onExit = () => {
    if (destroyed) return;
    destroyed = true;
    try {
      const [file, args] = pgCtl(['-m', 'immediate', 'stop']);
      execFileSync(file, args, { cwd: os.tmpdir(), stdio: 'ignore', timeout: 10_000 });
    } catch {
      // Not running.
    }
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const destroy = async () => {
    if (destroyed) return;
    destroyed = true;
    process.removeListener('exit', onExit);
    const [file, args] = pgCtl(['-m', 'immediate', '-w', 'stop']);
    await run(file, args, { cwd: root, timeout: COMMAND_TIMEOUT_MS }).catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };

  const start = () => exec(pgCtl(['-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']), 'pg_ctl start');
  const stop = () => exec(pgCtl(['-m', 'fast', '-w', '-t', '60', 'stop']), 'pg_ctl stop');
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  try {
    await exec(
      wrap([path.join(bin, 'initdb'), '-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']),
      'initdb',
    );
    await start();
    await migrate(url);
  } catch (error) {
    await destroy();
    throw error;
  }
  return { url, port, stop, start, destroy };
}

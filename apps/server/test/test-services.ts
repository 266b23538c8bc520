import { execSync } from 'node:child_process';
import net from 'node:net';

// Where the integration tests find PostgreSQL and Redis: TEST_DATABASE_URL / TEST_REDIS_URL, else the
// standard local ports; if those do not answer and Docker is present, testcontainers starts both.
// With neither, the run fails loudly: integration tests never silently skip.
export const DEFAULT_PG = 'postgresql://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_REDIS = 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) || (url.startsWith('redis') ? 6379 : 5432) });
    socket.setTimeout(1500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function dockerAvailable(): boolean {
  try {
    execSync('docker info', { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

export interface TestServices {
  pgAdminUrl: string;
  redisUrl: string;
  stop: () => Promise<void>;
}

export async function startTestServices(): Promise<TestServices> {
  const pgAdminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_PG;
  const redisUrl = process.env.TEST_REDIS_URL ?? DEFAULT_REDIS;
  const [pgUp, redisUp] = await Promise.all([reachable(pgAdminUrl), reachable(redisUrl)]);
  if (pgUp && redisUp) return { pgAdminUrl, redisUrl, stop: async () => undefined };
  const explicit = process.env.TEST_DATABASE_URL || process.env.TEST_REDIS_URL;
  if (explicit || !dockerAvailable()) {
    const down = [!pgUp && `PostgreSQL at ${pgAdminUrl}`, !redisUp && `Redis at ${redisUrl}`].filter(Boolean).join(' and ');
    throw new Error(`Integration tests need ${down}, which did not answer, and no Docker engine is available to start them.`);
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { RedisContainer } = await import('@testcontainers/redis');
  const [pgContainer, redisContainer] = await Promise.all([
    new PostgreSqlContainer('postgres:16-alpine').withUsername('postgres').withPassword('postgres').start(),
    new RedisContainer('redis:7-alpine').start(),
  ]);
  return {
    pgAdminUrl: pgContainer.getConnectionUri().replace(/\/[^/]*$/, '/postgres'),
    redisUrl: redisContainer.getConnectionUrl(),
    stop: async () => {
      await Promise.all([pgContainer.stop(), redisContainer.stop()]);
    },
  };
}

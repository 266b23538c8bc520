import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { parseEnv } from '../../apps/server/src/env.js';

// docker-compose.yml, checked without Docker: the services of a scaled-out deployment, each with a health check and a
// restart policy, and an environment the server itself accepts (env.ts) once Compose has filled its variables in.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const ServiceSchema = z.object({
  image: z.string().optional(),
  build: z.string().optional(),
  command: z.array(z.string()).optional(),
  entrypoint: z.array(z.string()).optional(),
  restart: z.string().optional(),
  environment: z.record(z.string(), z.string()).optional(),
  depends_on: z.record(z.string(), z.object({ condition: z.string() })).optional(),
  healthcheck: z.object({ test: z.array(z.string()) }).optional(),
  ports: z.array(z.string()).optional(),
});
const ComposeSchema = z.object({ services: z.record(z.string(), ServiceSchema), volumes: z.record(z.string(), z.null()) });

const compose = ComposeSchema.parse(parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }));
const service = (name: string) => {
  const found = compose.services[name];
  if (!found) throw new Error(`no service ${name}`);
  return found;
};

/** Compose's substitution: `${NAME:-default}` takes the default, `${NAME:?message}` a value given by the operator. */
function substituted(environment: Record<string, string>, given: Record<string, string>): Record<string, string> {
  const fill = (value: string) =>
    value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, name: string, kind?: string, rest?: string) => {
      if (given[name]) return given[name];
      if (kind === '-') return rest ?? '';
      throw new Error(`${name} must be given: ${rest}`);
    });
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, fill(value)]));
}

const OPERATOR = {
  JWT_SECRET: 'compose-test-secret-compose-test-secret-32',
  INTERCOM_SECRET: 'compose-test-intercom',
  INTEGRATIONS_ENC_KEY: Buffer.alloc(32, 9).toString('base64'),
};

describe('docker-compose.yml', () => {
  it('runs the API, a worker, PostgreSQL, Redis and MinIO, each watched and restarted', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'minio', 'minio-init', 'postgres', 'redis', 'worker']);
    for (const name of ['api', 'worker', 'postgres', 'redis', 'minio']) {
      expect(service(name).healthcheck?.test.length, name).toBeGreaterThan(1);
      expect(service(name).restart, name).toBe('unless-stopped');
    }
    // The bucket is made once; the init container must not restart forever.
    expect(service('minio-init').restart).toBe('no');
    expect(service('minio-init').depends_on?.minio?.condition).toBe('service_healthy');
  });

  it('starts the API once its dependencies answer and the bucket exists, and the worker after the API', () => {
    expect(service('api').depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'minio-init': { condition: 'service_completed_successfully' },
    });
    expect(service('worker').depends_on?.api?.condition).toBe('service_healthy');
    expect(service('worker').image).toBe(service('api').image);
    expect(service('worker').command).toEqual(['sh', 'apps/server/bin/worker.sh']);
  });

  it('keeps BullMQ’s keys in Redis: append-only, no eviction', () => {
    const command = service('redis').command?.join(' ') ?? '';
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--maxmemory-policy noeviction');
  });

  it('gives the API and the worker an environment the server accepts: S3 on MinIO, workers only in the worker', () => {
    const api = parseEnv(substituted(service('api').environment ?? {}, OPERATOR));
    const worker = parseEnv(substituted(service('worker').environment ?? {}, OPERATOR));
    expect(api).toMatchObject({ NODE_ENV: 'production', RUN_WORKERS: false, S3_BUCKET: 'crm-files', S3_FORCE_PATH_STYLE: true });
    expect(api.S3_ENDPOINT).toBe('http://minio:9000');
    expect(worker).toMatchObject({ RUN_WORKERS: true, WORKER_PORT: 3001, S3_BUCKET: 'crm-files', DATABASE_URL: api.DATABASE_URL });
    const minio = substituted(service('minio').environment ?? {}, OPERATOR);
    expect([api.S3_ACCESS_KEY_ID, api.S3_SECRET_ACCESS_KEY]).toEqual([minio.MINIO_ROOT_USER, minio.MINIO_ROOT_PASSWORD]);
    expect(service('minio-init').entrypoint?.join(' ')).toContain(`mc mb --ignore-existing crm/${api.S3_BUCKET}`);
  });

  it('refuses to start without the production secrets', () => {
    expect(() => substituted(service('api').environment ?? {}, {})).toThrow(/JWT_SECRET must be given/);
  });
});

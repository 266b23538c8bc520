import { z } from 'zod';

// The only place that reads process.env. A bad or missing variable stops the start with one line per problem.

/**
 * Secrets once published in this repository as development defaults: refused everywhere. Without a configured
 * secret, a development or test server generates its own and keeps it in the database (core/server-secrets.ts).
 */
const PUBLISHED_SECRETS = new Set(['dev-only-secret-change-me-please-32chars', 'dev-only-intercom-secret']);
const secret = (min: number) =>
  z
    .string()
    .min(min, `must be at least ${min} characters`)
    .refine((value) => !PUBLISHED_SECRETS.has(value), 'is a value published in the repository: choose your own')
    .optional();

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'], { error: 'must be "true" or "false"' })
    .default(fallback)
    .transform((value) => value === 'true');

const integer = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be a whole number from ${min} to ${max}`)
    .default(fallback);

const url = (fallback: string) => z.url({ error: 'must be a URL' }).default(fallback);

/** An AES-256 key: 32 random bytes, base64 (`openssl rand -base64 32`). */
const aesKey = z
  .string()
  .refine(
    (value) => /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32,
    'must be 32 bytes in base64 (openssl rand -base64 32)',
  )
  .optional();

/** `INTEGRATION_BASE_URL_<PROVIDER>` (docs/api.md 'Integrations'): a provider's API address, e.g. a test's fake. */
const INTEGRATION_BASE_URL = /^INTEGRATION_BASE_URL_([A-Z0-9_]+)$/;
function integrationBaseUrls(source: Record<string, string | undefined>): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    const match = INTEGRATION_BASE_URL.exec(name);
    if (match?.[1] && value !== undefined) urls[match[1]] = value;
  }
  return urls;
}

// A browser origin: scheme, host and optional port, nothing else. `*` is refused: the API sends credentials.
const ORIGIN = /^https?:\/\/[^/\s:]+(:\d{1,5})?$/;
const corsOrigins = z
  .string()
  .default('http://localhost:3000,http://localhost:5173')
  .transform((value, ctx) => {
    const origins = value
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean);
    for (const origin of origins) {
      if (origin === '*') ctx.addIssue({ code: 'custom', message: "'*' is not allowed: list the allowed origins (credentials are sent)" });
      else if (!ORIGIN.test(origin)) ctx.addIssue({ code: 'custom', message: `'${origin}' is not an origin like https://crm.example.com` });
    }
    return origins;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production'], { error: 'must be development, test or production' }).default('development'),
  PORT: integer(1, 65535, 3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: url('postgresql://postgres@127.0.0.1:5432/crm'),
  REDIS_URL: url('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits, _ . : -')
    .default('crm'),
  /** Signs access tokens. Required in production; elsewhere, generated once and kept in the database when unset. */
  JWT_SECRET: secret(32),
  JWT_ISSUER: z.string().min(1).default('engage-crm'),
  JWT_AUDIENCE: z.string().min(1).default('engage-crm-web'),
  ACCESS_TOKEN_TTL_SECONDS: integer(60, 86_400, 3600),
  // How long a web session lasts without activity: each refresh issues a new refresh token for this long.
  REFRESH_TOKEN_TTL_SECONDS: integer(300, 90 * 86_400, 14 * 86_400),
  RESET_TOKEN_TTL_SECONDS: integer(60, 86_400, 1800),
  INTERCOM_SECRET: secret(16),
  /** Seals the integrations' secrets (AES-256-GCM). Required in production; elsewhere generated once and kept in the database. */
  INTEGRATIONS_ENC_KEY: aesKey,
  /** The key before the last rotation: secrets it sealed are still read, and sealed again with the new key when saved. */
  INTEGRATIONS_ENC_KEY_PREVIOUS: aesKey,
  /** Calls one integration's public webhook may receive a minute (under Property Finder's 650). */
  INTEGRATION_WEBHOOK_REQUESTS_PER_MINUTE: integer(1, 100_000, 600),
  /** How long after a listing write its portal pushes and feed rebuilds wait, so a burst of writes is sent once. */
  LISTING_SYNDICATION_DELAY_MS: integer(0, 600_000, 10_000),
  /** The first retry's wait of a provider sync job (doubling after, with jitter): 30 s; tests set a short one. */
  INTEGRATION_SYNC_BACKOFF_MS: integer(1, 3_600_000, 30_000),
  /** Every INTEGRATION_BASE_URL_<PROVIDER> variable, by provider (`CENCORP_LINK` for cencorp-link). */
  INTEGRATION_BASE_URLS: z.record(z.string(), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })).default({}),
  CORS_ORIGINS: corsOrigins,
  TRUST_PROXY: flag('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built web app; default: apps/web/dist beside this server when it exists (plugins/web-app.plugin.ts). */
  WEB_DIST_DIR: z.string().min(1).optional(),
  STORAGE_DIR: z.string().default('storage'),
  /** Uploaded files and exports on an S3-compatible object store when set; unset: on disk under STORAGE_DIR. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lowercase letters, digits, . and -)')
    .optional(),
  /** The store's address (MinIO, Ceph, R2...); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: z.url({ error: 'must be a URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset: the AWS SDK's own credential chain (instance role, AWS_* variables, profile). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addresses (endpoint/bucket/key), which MinIO and most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: flag('false'),
  APP_URL: url('http://localhost:3000'),
  /** Outgoing mail (password reset links), e.g. smtp://user:pass@smtp.example.com:587; unset: mails go to the log. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Engage CRM <no-reply@localhost>'),
  /** Run the BullMQ workers and schedulers in this process; `false`: an API-only instance (docs/scaling.md). */
  RUN_WORKERS: flag('true'),
  /** The worker process's (dist/worker.js) health address: /api/health and /api/ready; 0: none. */
  WORKER_PORT: integer(0, 65535, 3001),
  /** Requests one signed-in user may make per minute (0: no limit), shared by every process through Redis. */
  USER_REQUESTS_PER_MINUTE: integer(0, 1_000_000, 1200),
  /** Requests one signed-in user may have in flight at once (0: no limit). */
  USER_CONCURRENT_REQUESTS: integer(0, 10_000, 24),
  /** Load the demo data into an empty database at start: on by default in development, never in production unless set. */
  SEED_DEMO: z
    .enum(['true', 'false'], { error: 'must be "true" or "false"' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /** Graceful shutdown: how long draining may take before the process exits non-zero anyway. */
  SHUTDOWN_TIMEOUT_MS: integer(1000, 600_000, 30_000),
  /** Graceful shutdown: 503s are served this long before the listener closes (lets a load balancer notice). */
  SHUTDOWN_GRACE_MS: integer(0, 60_000, 0),
  /** How long shutdown waits for active background jobs before abandoning them to a retry. */
  JOBS_CLOSE_TIMEOUT_MS: integer(100, 600_000, 10_000),
});

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
  }
}

/**
 * Rules across variables, checked even when other lines fail: secrets whose development default must never reach
 * production, and settings that only make sense together.
 */
function crossFieldProblems(source: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  // One key without the other is a typo, not a choice: the SDK would silently fall back to its own chain.
  if (Boolean(source.S3_ACCESS_KEY_ID) !== Boolean(source.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  }
  if (source.NODE_ENV !== 'production') return problems;
  if (!source.JWT_SECRET) problems.push('JWT_SECRET: must be set in production');
  if (!source.INTERCOM_SECRET) problems.push('INTERCOM_SECRET: must be set in production');
  if (!source.INTEGRATIONS_ENC_KEY) problems.push('INTEGRATIONS_ENC_KEY: must be set in production');
  return problems;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse({ ...source, INTEGRATION_BASE_URLS: integrationBaseUrls(source) });
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => {
        // A base URL's problem names its own variable, not the collected record.
        const path = issue.path[0] === 'INTEGRATION_BASE_URLS' ? [`INTEGRATION_BASE_URL_${String(issue.path[1])}`] : issue.path;
        return `${path.join('.') || '(env)'}: ${issue.message}`;
      });
  for (const line of crossFieldProblems(source)) {
    const name = line.slice(0, line.indexOf(':'));
    if (!problems.some((problem) => problem.startsWith(`${name}:`))) problems.push(line);
  }
  if (problems.length || !result.success) throw new EnvError(problems);
  return result.data;
}

export function loadEnv(): Env {
  return parseEnv(process.env);
}

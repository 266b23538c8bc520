import { z } from 'zod';

// The only place that reads process.env. A bad or missing variable stops the start with one line per problem.
const DEV_SECRET = 'dev-only-secret-change-me-please-32chars';

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/crm'),
    REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
    REDIS_PREFIX: z.string().default('crm'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_SECRET),
    JWT_ISSUER: z.string().default('engage-crm'),
    JWT_AUDIENCE: z.string().default('engage-crm-web'),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
    INTERCOM_SECRET: z.string().min(16).default('dev-only-intercom-secret'),
    CORS_ORIGINS: z
      .string()
      .default('http://localhost:3000,http://localhost:5173')
      .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean)),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    STORAGE_DIR: z.string().default('storage'),
    APP_URL: z.url().default('http://localhost:3000'),
    RUN_WORKERS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.JWT_SECRET === DEV_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'the development default is refused in production' });
    }
    if (env.NODE_ENV === 'production' && env.INTERCOM_SECRET === 'dev-only-intercom-secret') {
      ctx.addIssue({ code: 'custom', path: ['INTERCOM_SECRET'], message: 'the development default is refused in production' });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  return result.data;
}

export function loadEnv(): Env {
  return parseEnv(process.env);
}

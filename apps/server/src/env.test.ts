import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.js';

function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

const STRONG = 'a-production-secret-that-is-long-enough-0123456789';
const AES_KEY = Buffer.alloc(32, 7).toString('base64');

describe('environment', () => {
  it('starts in development with nothing set', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000, RUN_WORKERS: true, TRUST_PROXY: false });
    expect(env.CORS_ORIGINS).toEqual(['http://localhost:3000', 'http://localhost:5173']);
  });

  it('gives one clear line per bad variable, naming it', () => {
    const problems = problemsOf({ PORT: 'abc', DATABASE_URL: 'nope', LOG_LEVEL: 'loud', TRUST_PROXY: 'yes', JWT_SECRET: 'short' });
    expect(problems).toHaveLength(5);
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT: must be a whole number from 1 to 65535',
        'DATABASE_URL: must be a URL',
        'TRUST_PROXY: must be "true" or "false"',
        'JWT_SECRET: must be at least 32 characters',
      ]),
    );
    expect(problems.find((line) => line.startsWith('LOG_LEVEL:'))).toContain('expected one of');
    // The message is printed as is at start: one line per problem, and no secret value echoed.
    const message = new EnvError(problems).message.split('\n');
    expect(message).toHaveLength(6);
    expect(message.join('\n')).not.toContain('short');
  });

  it('requires both secrets in production, and refuses the values once published in the repository anywhere', () => {
    expect(problemsOf({ NODE_ENV: 'production', INTERCOM_SECRET: STRONG, INTEGRATIONS_ENC_KEY: AES_KEY })).toEqual([
      'JWT_SECRET: must be set in production',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: STRONG, INTEGRATIONS_ENC_KEY: AES_KEY })).toEqual([
      'INTERCOM_SECRET: must be set in production',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: STRONG, INTERCOM_SECRET: STRONG })).toEqual([
      'INTEGRATIONS_ENC_KEY: must be set in production',
    ]);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        INTERCOM_SECRET: STRONG,
        INTEGRATIONS_ENC_KEY: AES_KEY,
        JWT_SECRET: 'dev-only-secret-change-me-please-32chars',
      }),
    ).toEqual(['JWT_SECRET: is a value published in the repository: choose your own']);
    expect(problemsOf({ INTERCOM_SECRET: 'dev-only-intercom-secret' })).toEqual([
      'INTERCOM_SECRET: is a value published in the repository: choose your own',
    ]);
    expect(parseEnv({ NODE_ENV: 'production', JWT_SECRET: STRONG, INTERCOM_SECRET: STRONG, INTEGRATIONS_ENC_KEY: AES_KEY }).NODE_ENV).toBe(
      'production',
    );
    // Development may leave them unset: the server generates its own (core/server-secrets.ts).
    expect(parseEnv({}).JWT_SECRET).toBeUndefined();
  });

  it('reports the production secret lines together with the other problems', () => {
    const problems = problemsOf({ NODE_ENV: 'production', PORT: '0' });
    expect(problems).toEqual([
      'PORT: must be a whole number from 1 to 65535',
      'JWT_SECRET: must be set in production',
      'INTERCOM_SECRET: must be set in production',
      'INTEGRATIONS_ENC_KEY: must be set in production',
    ]);
  });

  it('takes the integrations key as 32 bytes in base64, and each INTEGRATION_BASE_URL_<PROVIDER> as a URL', () => {
    expect(problemsOf({ INTEGRATIONS_ENC_KEY: 'too-short' })).toEqual([
      'INTEGRATIONS_ENC_KEY: must be 32 bytes in base64 (openssl rand -base64 32)',
    ]);
    expect(problemsOf({ INTEGRATION_BASE_URL_PROPERTYFINDER: 'not a url' })).toEqual([
      'INTEGRATION_BASE_URL_PROPERTYFINDER: must be an http(s) URL',
    ]);
    const env = parseEnv({ INTEGRATIONS_ENC_KEY: AES_KEY, INTEGRATION_BASE_URL_CENCORP_LINK: 'http://127.0.0.1:4010' });
    expect(env.INTEGRATION_BASE_URLS).toEqual({ CENCORP_LINK: 'http://127.0.0.1:4010' });
  });

  it('refuses a wildcard or malformed CORS origin', () => {
    expect(problemsOf({ CORS_ORIGINS: '*' })).toEqual([
      "CORS_ORIGINS: '*' is not allowed: list the allowed origins (credentials are sent)",
    ]);
    expect(problemsOf({ CORS_ORIGINS: 'https://ok.example, crm.example.com/path' })).toEqual([
      "CORS_ORIGINS: 'crm.example.com/path' is not an origin like https://crm.example.com",
    ]);
    expect(parseEnv({ CORS_ORIGINS: 'https://crm.example.com/, http://localhost:5173' }).CORS_ORIGINS).toEqual([
      'https://crm.example.com',
      'http://localhost:5173',
    ]);
  });

  it('parses flags and numbers', () => {
    const env = parseEnv({ RUN_WORKERS: 'false', TRUST_PROXY: 'true', PORT: '8080', SHUTDOWN_TIMEOUT_MS: '5000' });
    expect(env).toMatchObject({ RUN_WORKERS: false, TRUST_PROXY: true, PORT: 8080, SHUTDOWN_TIMEOUT_MS: 5000 });
    // Demo data: unset means "the default of the environment" (main.ts: development yes, production no).
    expect(parseEnv({}).SEED_DEMO).toBeUndefined();
    expect(parseEnv({ SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(problemsOf({ SEED_DEMO: 'yes' })).toEqual(['SEED_DEMO: must be "true" or "false"']);
  });
});

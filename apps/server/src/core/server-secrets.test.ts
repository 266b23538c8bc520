import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { secretOf, withServerSecrets } from './server-secrets.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

describe('server secrets', () => {
  it('generates an unset secret once, keeps it in the database, and gives every process the same', async () => {
    const env = parseEnv({ DATABASE_URL: database.url });
    const [first, second] = await Promise.all([withServerSecrets(env, database.url), withServerSecrets(env, database.url)]);
    const jwt = secretOf(first, 'JWT_SECRET');
    expect(jwt.length).toBeGreaterThanOrEqual(32);
    expect(secretOf(second, 'JWT_SECRET')).toBe(jwt);
    expect(secretOf(first, 'INTERCOM_SECRET')).not.toBe(jwt);
    // A restart reads it back: sessions signed before it stay valid.
    expect(secretOf(await withServerSecrets(env, database.url), 'JWT_SECRET')).toBe(jwt);
  });

  it('keeps a configured secret, and refuses to run without one', async () => {
    const configured = parseEnv({ DATABASE_URL: database.url, JWT_SECRET: 'x'.repeat(40), INTERCOM_SECRET: 'y'.repeat(20) });
    expect(secretOf(await withServerSecrets(configured, database.url), 'JWT_SECRET')).toBe('x'.repeat(40));
    expect(() => secretOf(parseEnv({}), 'JWT_SECRET')).toThrow(/not configured/);
  });
});

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Env } from '../env.js';

// Secrets the server needs even where nobody configured them (a developer's `npm start`): generated once, kept in
// the database (never in git, shared by every process of the deployment), read back at each start. Production
// always configures its own (env.ts refuses to start without them).

export const SERVER_SECRETS = ['JWT_SECRET', 'INTERCOM_SECRET', 'INTEGRATIONS_ENC_KEY'] as const;
export type ServerSecretName = (typeof SERVER_SECRETS)[number];

/** A new secret in the shape env.ts expects of it (an AES-256 key is exactly 32 bytes in base64). */
const generate = (name: ServerSecretName) =>
  name === 'INTEGRATIONS_ENC_KEY' ? randomBytes(32).toString('base64') : randomBytes(48).toString('base64url');

/** A configured secret; a missing one is a startup bug (main.ts fills them in before building the app). */
export function secretOf(env: Pick<Env, ServerSecretName>, name: ServerSecretName): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not configured: the server must start through main.ts, or be given it`);
  return value;
}

/** The environment with every unset secret read from the database, or generated and stored there on first use. */
export async function withServerSecrets(env: Env, databaseUrl: string): Promise<Env> {
  const missing = SERVER_SECRETS.filter((name) => !env[name]);
  if (!missing.length) return env;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const filled: Partial<Record<ServerSecretName, string>> = {};
    for (const name of missing) {
      // Two processes starting at once both insert; the first wins and both read its value.
      await client.query('INSERT INTO "ServerSecret" (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, generate(name)]);
      const { rows } = await client.query<{ value: string }>('SELECT value FROM "ServerSecret" WHERE name = $1', [name]);
      const value = rows[0]?.value;
      if (!value) throw new Error(`${name} could not be stored`);
      filled[name] = value;
    }
    return { ...env, ...filled };
  } finally {
    await client.end();
  }
}

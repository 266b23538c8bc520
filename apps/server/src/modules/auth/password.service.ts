import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

// Passwords are hashed with argon2id (the library's default algorithm) at OWASP's recommended minimum:
// 19 MiB of memory, 2 passes, 1 lane. The PHC string stores the parameters, so raising them later still
// verifies old hashes.
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike: callers answer both the same way. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, for an email with no account: an unknown email and a wrong
 * password then take equally long, so response time does not reveal which accounts exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

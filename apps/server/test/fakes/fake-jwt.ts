import { createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';

// RS256 keys and JWT checks for the fakes of OAuth providers (Google, DocuSign): a key pair per fake, the private key
// as the PEM the integration is configured with, and a synchronous check of an assertion signed with it.

export interface FakeKeyPair {
  privateKeyPem: string;
  publicKey: KeyObject;
}

export function fakeKeyPair(): FakeKeyPair {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey: createPublicKey(privateKey) };
}

/** The claims of an RS256 JWT signed with the key, or null when its signature, algorithm or lifetime is wrong. */
export function verifiedClaims(jwt: string, publicKey: KeyObject): Record<string, unknown> | null {
  const [header, payload, signature] = jwt.split('.');
  if (!header || !payload || !signature) return null;
  const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
  if (head.alg !== 'RS256') return null;
  const ok = verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'));
  if (!ok) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const now = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp < now || typeof claims.iat !== 'number' || claims.iat > now + 60) return null;
  return claims;
}

/** An `application/x-www-form-urlencoded` body as an object. */
export const formBody = (body: string): Record<string, string> => Object.fromEntries(new URLSearchParams(body));

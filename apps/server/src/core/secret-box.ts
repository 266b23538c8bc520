import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Env } from '../env.js';

// Secrets at rest (docs/api.md 'Integrations'): an integration's secrets (one JSON object per integration) and a
// user's two-factor seed (sealText), sealed with AES-256-GCM under INTEGRATIONS_ENC_KEY. The asset and provider are the additional data, so a sealed blob copied
// onto another row does not open. keyVersion names the key (a hash prefix, never the key), so after a rotation the
// previous key still opens what it sealed; the next save seals again with the current key.

export interface SealedSecrets {
  ciphertext: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  tag: Uint8Array<ArrayBuffer>;
  keyVersion: string;
}

export type SecretValues = Record<string, string>;

interface Key {
  bytes: Buffer;
  version: string;
}

const keyOf = (base64: string): Key => {
  const bytes = Buffer.from(base64, 'base64');
  return { bytes, version: createHash('sha256').update(bytes).digest('hex').slice(0, 12) };
};

export interface SecretBox {
  seal(values: SecretValues, bindTo: string): SealedSecrets;
  open(sealed: SealedSecrets, bindTo: string): SecretValues;
}

/** The box of this deployment's keys; main.ts has filled INTEGRATIONS_ENC_KEY in when nobody configured one. */
export function secretBox(env: Pick<Env, 'INTEGRATIONS_ENC_KEY' | 'INTEGRATIONS_ENC_KEY_PREVIOUS'>): SecretBox {
  if (!env.INTEGRATIONS_ENC_KEY)
    throw new Error('INTEGRATIONS_ENC_KEY is not configured: the server must start through main.ts, or be given it');
  const current = keyOf(env.INTEGRATIONS_ENC_KEY);
  const keys = [current, ...(env.INTEGRATIONS_ENC_KEY_PREVIOUS ? [keyOf(env.INTEGRATIONS_ENC_KEY_PREVIOUS)] : [])];
  return {
    seal(values, bindTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv);
      cipher.setAAD(Buffer.from(bindTo));
      const ciphertext = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
      return {
        ciphertext: new Uint8Array(ciphertext),
        iv: new Uint8Array(iv),
        tag: new Uint8Array(cipher.getAuthTag()),
        keyVersion: current.version,
      };
    },
    open(sealed, bindTo) {
      const key = keys.find((candidate) => candidate.version === sealed.keyVersion);
      if (!key)
        throw new Error(
          `integration secrets sealed with an unknown key (${sealed.keyVersion}): configure it as INTEGRATIONS_ENC_KEY_PREVIOUS`,
        );
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, sealed.iv);
      decipher.setAAD(Buffer.from(bindTo));
      decipher.setAuthTag(sealed.tag);
      const plain = Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString('utf8');
      const parsed: unknown = JSON.parse(plain);
      if (typeof parsed !== 'object' || parsed === null) return {};
      return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    },
  };
}

const TEXT_PREFIX = 'v1.';
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/** One secret string sealed for a text column: 'v1.<keyVersion>.<iv>.<tag>.<ciphertext>', bound to `bindTo`. */
export function sealText(box: SecretBox, value: string, bindTo: string): string {
  const sealed = box.seal({ value }, bindTo);
  return `${TEXT_PREFIX}${sealed.keyVersion}.${b64(sealed.iv)}.${b64(sealed.tag)}.${b64(sealed.ciphertext)}`;
}

/** The string sealText stored; a value stored before sealing (no prefix) is answered as it is. */
export function openText(box: SecretBox, stored: string, bindTo: string): string {
  if (!stored.startsWith(TEXT_PREFIX)) return stored;
  const [keyVersion = '', iv = '', tag = '', ciphertext = ''] = stored.slice(TEXT_PREFIX.length).split('.');
  const values = box.open({ keyVersion, iv: bytesOf(iv), tag: bytesOf(tag), ciphertext: bytesOf(ciphertext) }, bindTo);
  if (values.value === undefined) throw new Error('sealed text without its value');
  return values.value;
}

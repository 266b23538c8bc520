import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openText, sealText, secretBox } from './secret-box.js';

// AES-256-GCM sealing of the integrations' secrets: bound to its row, tamper-evident, readable after a key rotation.

const key = () => randomBytes(32).toString('base64');

describe('secretBox', () => {
  it('seals and opens, with a fresh IV each time, and never holds the plain text', () => {
    const box = secretBox({ INTEGRATIONS_ENC_KEY: key() });
    const a = box.seal({ apiKey: 'plain-api-key-1234' }, 'asset:sendgrid');
    const b = box.seal({ apiKey: 'plain-api-key-1234' }, 'asset:sendgrid');
    expect(Buffer.from(a.iv).equals(Buffer.from(b.iv))).toBe(false);
    expect(Buffer.from(a.ciphertext).toString('utf8')).not.toContain('plain-api-key');
    expect(box.open(a, 'asset:sendgrid')).toEqual({ apiKey: 'plain-api-key-1234' });
  });

  it('refuses a blob moved to another row, or altered', () => {
    const box = secretBox({ INTEGRATIONS_ENC_KEY: key() });
    const sealed = box.seal({ apiKey: 'k' }, 'asset-1:sendgrid');
    expect(() => box.open(sealed, 'asset-2:sendgrid')).toThrow();
    const altered = { ...sealed, ciphertext: new Uint8Array(sealed.ciphertext.map((byte, i) => (i === 0 ? byte ^ 1 : byte))) };
    expect(() => box.open(altered, 'asset-1:sendgrid')).toThrow();
  });

  it('opens what the previous key sealed after a rotation, and seals with the new one', () => {
    const oldKey = key();
    const newKey = key();
    const sealed = secretBox({ INTEGRATIONS_ENC_KEY: oldKey }).seal({ apiKey: 'k1' }, 'a:pf');
    const rotated = secretBox({ INTEGRATIONS_ENC_KEY: newKey, INTEGRATIONS_ENC_KEY_PREVIOUS: oldKey });
    expect(rotated.open(sealed, 'a:pf')).toEqual({ apiKey: 'k1' });
    expect(rotated.seal({ apiKey: 'k1' }, 'a:pf').keyVersion).not.toBe(sealed.keyVersion);
    expect(() => secretBox({ INTEGRATIONS_ENC_KEY: newKey }).open(sealed, 'a:pf')).toThrow(/unknown key/);
  });
});

describe('sealText', () => {
  const box = secretBox({ INTEGRATIONS_ENC_KEY: randomBytes(32).toString('base64'), INTEGRATIONS_ENC_KEY_PREVIOUS: undefined });
  it('seals a string for one row only, and reads a value stored before sealing as it is', () => {
    const stored = sealText(box, 'JBSWY3DPEHPK3PXP', 'totp:user-1');
    expect(stored.startsWith('v1.')).toBe(true);
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openText(box, stored, 'totp:user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openText(box, stored, 'totp:user-2')).toThrow();
    expect(openText(box, 'JBSWY3DPEHPK3PXP', 'totp:user-1')).toBe('JBSWY3DPEHPK3PXP');
  });
});

import { ADMIN_MESSAGES } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { passwordPolicyRule } from './password-policy-rule';

// The browser's check before the request: the domain's policy, with the server's own messages.
const check = (value: unknown, inputs: readonly string[] = []) => {
  const rule = passwordPolicyRule(() => inputs);
  if (typeof rule === 'function' || !rule.validator) throw new Error('a validator rule');
  return rule.validator({}, value, () => undefined);
};

describe('the password policy rule', () => {
  it('refuses a guessable or leaked password with the policy’s message', async () => {
    await expect(check('Password123!')).rejects.toThrow(ADMIN_MESSAGES.settings.passwordWeak);
    await expect(check('PASSWORD1')).rejects.toThrow(ADMIN_MESSAGES.settings.passwordCommon);
    await expect(check('karimi1987', ['nadia.karimi@example.com'])).rejects.toThrow(ADMIN_MESSAGES.settings.passwordWeak);
  });

  it('accepts a strong one, and leaves empty and short values to the schema’s rule', async () => {
    await expect(check('Harbour-Lantern-58')).resolves.toBeUndefined();
    await expect(check('')).resolves.toBeUndefined();
    await expect(check('abc')).resolves.toBeUndefined();
  });
});

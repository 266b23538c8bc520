import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../admin/admin.messages.js';
import { PASSWORD_MIN_SCORE, passwordPolicyProblem, passwordScore } from './password-policy.js';

const M = ADMIN_MESSAGES.settings;

describe('the password policy', () => {
  it('refuses a short, a leaked, and a guessable password, each with its own message', () => {
    expect(passwordPolicyProblem('Ab1!xyz', 8)).toBe(M.passwordTooShort(8));
    expect(passwordPolicyProblem('x'.repeat(129), 8)).toBe(M.passwordTooLong(128));
    expect(passwordPolicyProblem('PASSWORD1', 8)).toBe(M.passwordCommon);
    // Not on the list as typed, but a common word with digits and a symbol added: the estimator sees through it.
    expect(passwordPolicyProblem('Password123!', 8)).toBe(M.passwordWeak);
    expect(passwordPolicyProblem('Passw0rd!', 8)).toBe(M.passwordWeak);
    expect(passwordPolicyProblem('Welcome2024!', 8)).toBe(M.passwordWeak);
    expect(passwordPolicyProblem('qwertyuiop12', 8)).not.toBeNull();
  });

  it('accepts a password that is hard to guess, and the company minimum still applies to it', () => {
    expect(passwordPolicyProblem('Invited-Passw0rd!', 8)).toBeNull();
    expect(passwordPolicyProblem('correct horse battery', 8)).toBeNull();
    expect(passwordScore('Kx9#mP2vLq')).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
    expect(passwordPolicyProblem('Kx9#mP2vLq', 12)).toBe(M.passwordTooShort(12));
  });

  it('counts the user’s own name and email as guessable', () => {
    const inputs = ['nadia.karimi@example.com', 'Nadia Karimi'];
    expect(passwordPolicyProblem('karimi1987', 8)).toBeNull();
    expect(passwordPolicyProblem('karimi1987', 8, inputs)).toBe(M.passwordWeak);
  });
});

import { LIMITS } from '@crm/domain';
import type { FormRule } from 'antd';

// docs/product.md 'Password policy', in the browser before the request: the same check the server runs (the leaked
// list and zxcvbn's strength estimate, packages/domain 'password-policy'), so a weak password is refused with the
// server's own message without a round trip. The estimator and its dictionary (about 0.5 MB) load the first time a
// password is checked, not with the app. The server still applies the company's minimum length, which may be higher.

/** An antd rule for a new password; `userInputs` (the person's name and email) count as guessable words. */
export function passwordPolicyRule(userInputs: () => readonly (string | undefined)[] = () => []): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      // An empty or short value is the schema's rule to report (zodRules); this one speaks only after it.
      if (typeof value !== 'string' || value.length < LIMITS.PASSWORD_MIN_LENGTH) return;
      const { passwordPolicyProblem } = await import('@crm/domain/password-policy');
      const inputs = userInputs().filter((input): input is string => typeof input === 'string' && input !== '');
      const problem = passwordPolicyProblem(value, LIMITS.PASSWORD_MIN_LENGTH, inputs);
      if (problem) throw new Error(problem);
    },
  };
}

import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ADMIN_MESSAGES } from '../admin/admin.messages.js';
import { PASSWORD_MAX_LENGTH } from './auth.schemas.js';

// The company's password policy (docs/product.md 'Password policy'), one check for the browser's forms and the server:
// the minimum length, then the list of leaked passwords that @zxcvbn-ts/language-common keeps (compared lower-cased),
// then zxcvbn's strength estimate, which also sees through l33t, keyboard walks, dates, repeats and a word with digits
// and a symbol added ('Password123!', 'Passw0rd!'). It is its own entry of the package (`@crm/domain/password-policy`),
// not in the index: the estimator and its dictionary weigh about 0.5 MB, so the browser loads them only when a
// password is being chosen.

/** zxcvbn's score (0-4) a new password must reach: 3 is "safely unguessable" (about 10^8 guesses and more). */
export const PASSWORD_MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
let leaked: Set<string> | undefined;

/** Whether the password is one of the list's leaked passwords, whatever its case. */
export function isLeakedPassword(password: string): boolean {
  leaked ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return leaked.has(password.toLowerCase());
}

/** The words of the user's name and email, which a guesser of their password tries first. */
const wordsOf = (inputs: readonly string[]) =>
  inputs.flatMap((input) => input.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 3);

/** zxcvbn's score of a password (0-4); `userInputs` (the user's name, email) count as guessable words. */
export function passwordScore(password: string, userInputs: readonly string[] = []): number {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator.check(password, wordsOf(userInputs)).score;
}

/** The policy's message for a password being set, or null when it may be used. */
export function passwordPolicyProblem(password: string, minLength: number, userInputs: readonly string[] = []): string | null {
  const M = ADMIN_MESSAGES.settings;
  if (password.length < minLength) return M.passwordTooShort(minLength);
  if (password.length > PASSWORD_MAX_LENGTH) return M.passwordTooLong(PASSWORD_MAX_LENGTH);
  if (isLeakedPassword(password)) return M.passwordCommon;
  if (passwordScore(password, userInputs) < PASSWORD_MIN_SCORE) return M.passwordWeak;
  return null;
}

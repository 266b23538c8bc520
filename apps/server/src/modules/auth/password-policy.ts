import { passwordPolicyProblem } from '@crm/domain/password-policy';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';

// The company's password policy (docs/product.md 'Password policy'), checked wherever a user sets a password
// (accepting an invitation or a reset link, an admin creating an account, a forgotten password's reset, a profile's
// change, a member's password): the company's minimum length, the leaked-password list and zxcvbn's strength
// estimate, through the same check the browser runs before it sends (packages/domain 'password-policy'). The seed
// writes its demo hashes directly and is not a user action.

/** Refuses (400 on `field`) a password the user's company's policy does not allow; `userInputs`: their name, email. */
export async function assertPasswordPolicy(
  db: DbTx,
  companyId: string,
  password: string,
  userInputs: readonly string[] = [],
  field = 'password',
): Promise<void> {
  const company = await db.company.findUnique({ where: { id: companyId }, select: { passwordMinLength: true } });
  const problem = passwordPolicyProblem(password, company?.passwordMinLength ?? 8, userInputs);
  if (problem) throw AppError.validation({ [field]: [problem] });
}

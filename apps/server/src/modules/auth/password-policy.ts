import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordPolicyProblem } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';

// The company's password policy, checked wherever a password is set (accepting an invitation or a reset link, an
// admin creating an account, a forgotten password's reset, a profile's change, a member's password): its minimum length and the list of common passwords
// that @zxcvbn-ts/language-common keeps (about 49,000 leaked passwords, ranked), compared lower-cased.
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

export function isCommonPassword(lowerCased: string): boolean {
  return COMMON_PASSWORDS.has(lowerCased);
}

/** Refuses (400 on `field`) a password the user's company's policy does not allow. */
export async function assertPasswordPolicy(db: DbTx, companyId: string, password: string, field = 'password'): Promise<void> {
  const company = await db.company.findUnique({ where: { id: companyId }, select: { passwordMinLength: true } });
  const problem = passwordPolicyProblem(password, company?.passwordMinLength ?? 8, isCommonPassword);
  if (problem) throw AppError.validation({ [field]: [problem] });
}

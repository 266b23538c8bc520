import { ADMIN_MESSAGES, type CompanySecurity } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import { revokeAllSessions } from '../auth/index.js';
import { logAdminChange } from './admin-activity.js';

// Admin > Settings: the company's security settings. The password policy applies to the next password set, the
// session length to the next sign-in or refresh. Two-factor by role applies at once: the open sessions of a newly
// required role's users who have not set it up end, so their next request signs them in again through the setup
// step (the admin making the change keeps theirs and sets it up at their next sign-in).

type Deps = Pick<AppDeps, 'db'>;

export async function companySecurity(deps: Deps, actor: Actor): Promise<CompanySecurity> {
  const company = await deps.db.company.findUniqueOrThrow({
    where: { id: actor.companyId },
    select: { passwordMinLength: true, sessionMinutes: true, twoFactorRoles: true },
  });
  return company;
}

export async function updateCompanySecurity(deps: Deps, actor: Actor, input: CompanySecurity): Promise<CompanySecurity> {
  const roles = [...new Set(input.twoFactorRoles)];
  const known = await deps.db.role.count({ where: { companyId: actor.companyId, code: { in: roles } } });
  if (known !== roles.length) throw AppError.validation({ twoFactorRoles: [ADMIN_MESSAGES.settings.roleUnknown] });
  const before = await companySecurity(deps, actor);
  return deps.db.$transaction(async (tx) => {
    const after = await tx.company.update({
      where: { id: actor.companyId },
      data: { passwordMinLength: input.passwordMinLength, sessionMinutes: input.sessionMinutes, twoFactorRoles: roles },
      select: { passwordMinLength: true, sessionMinutes: true, twoFactorRoles: true },
    });
    const newlyRequired = roles.filter((code) => !before.twoFactorRoles.includes(code));
    if (newlyRequired.length > 0) await endSessionsWithoutSecondFactor(tx, actor, newlyRequired);
    await logAdminChange(
      tx,
      actor,
      { action: 'update', subjectType: 'companySettings', subjectId: actor.companyId, before, after },
      new Date(),
    );
    return after;
  });
}

async function endSessionsWithoutSecondFactor(tx: DbTx, actor: Actor, roleCodes: string[]): Promise<void> {
  const users = await tx.user.findMany({
    where: { companyId: actor.companyId, role: { code: { in: roleCodes } }, totpEnabledAt: null, id: { not: actor.userId } },
    select: { id: true },
  });
  const now = new Date();
  for (const user of users) await revokeAllSessions(tx, user.id, now);
}

import { propertyFinderAgentHint } from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import type { AccountRow } from '../../integration-accounts.js';
import { refKey } from '../../sync/external-ref.js';
import { listPfUsers, type PfSession } from './pf-client.js';

// Property Finder users mapped to our team members (docs/api.md 'Property Finder accounts'): a user whose email is a
// member's of the asset (ignoring case) is that member, kept as an ExternalRef (entity 'member', the user's public
// profile id, else its user id). A lead that reaches a mapped profile may then go to that member when nothing else
// routes it, and a listing of a mapped member is pushed to that account, assigned to that profile.

export const MEMBER_ENTITY = 'member';

/** Maps the account's users to members; answers how many users it read and how many it mapped. */
export async function syncPfMembers(deps: Pick<AppDeps, 'db' | 'clock'>, session: PfSession): Promise<{ users: number; mapped: number }> {
  const { account } = session;
  const users = await listPfUsers(session);
  const members = await deps.db.teamMember.findMany({
    where: { assetId: account.assetId, deletedAt: null, email: { not: null } },
    select: { id: true, email: true },
  });
  const byEmail = new Map(members.map((member) => [member.email?.trim().toLowerCase() ?? '', member.id]));
  const mapped = new Map<string, string>();
  for (const user of users) {
    const memberId = user.email ? byEmail.get(user.email.trim().toLowerCase()) : undefined;
    if (memberId && !mapped.has(memberId)) mapped.set(memberId, user.publicProfile?.id ?? user.id);
  }
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    await tx.externalRef.deleteMany({
      where: { accountId: account.id, entity: MEMBER_ENTITY, entityId: { notIn: [...mapped.keys()] } },
    });
    for (const [memberId, externalId] of mapped) {
      await tx.externalRef.upsert({
        where: refKey({ accountId: account.id }, MEMBER_ENTITY, memberId),
        create: {
          assetId: account.assetId,
          integrationId: account.integrationId,
          accountId: account.id,
          provider: account.provider,
          entity: MEMBER_ENTITY,
          entityId: memberId,
          externalId,
          syncedAt: now,
        },
        update: { externalId, syncedAt: now, error: null },
      });
    }
  });
  return { users: users.length, mapped: mapped.size };
}

/**
 * The member a Property Finder profile hint (`pf:{id}`) names, once the members sync mapped it, if it is one we may
 * route to (enabled, not a test agent, not deleted). An email hint is the platform's (partner-lead.job.ts).
 */
export async function pfMemberOfHint(
  deps: Pick<AppDeps, 'db'>,
  assetId: string,
  hint: string,
  account: Pick<AccountRow, 'id'> | null,
): Promise<string | null> {
  const prefix = propertyFinderAgentHint('');
  if (!hint.startsWith(prefix)) return null;
  const refs = await deps.db.externalRef.findMany({
    where: { assetId, entity: MEMBER_ENTITY, externalId: hint.slice(prefix.length), ...(account ? { accountId: account.id } : {}) },
    select: { entityId: true },
  });
  if (!refs.length) return null;
  const member = await deps.db.teamMember.findFirst({
    where: { assetId, enabled: true, isTest: false, deletedAt: null, id: { in: refs.map((ref) => ref.entityId) } },
    select: { id: true },
  });
  return member?.id ?? null;
}

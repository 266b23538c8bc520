import { MEMBER_MESSAGES as M, UUID_PATTERN } from '@crm/domain';
import { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import type { Actor } from '../../core/actor.js';
import { assertMayManageUser, managedUserRow } from '../../core/user-management.js';
import type { DbTx } from '../../db/prisma.js';
import { filterError } from '../../resources/filter-compiler.js';
import type { ResourceDeps, Row, Where } from '../../resources/resource.types.js';

// What a member's create or update links beyond its own columns (docs/api.md 'Team members'): the user account
// that is their login, and their groups. The engine has already checked the user belongs to the company.

/**
 * At most one member of an asset per user: another live member holding the user is a 400 naming them. A deleted
 * member still holding it lets it go (the table's (asset, user) key counts deleted rows too).
 */
export async function assertUserFree(tx: DbTx, assetId: string, memberId: string | null, userId: unknown): Promise<void> {
  if (typeof userId !== 'string') return;
  const holder = await tx.teamMember.findFirst({
    where: { assetId, userId, ...(memberId ? { id: { not: memberId } } : {}) },
    select: { id: true, name: true, deletedAt: true },
  });
  if (!holder) return;
  if (!holder.deletedAt) throw AppError.validation({ user: [M.userTaken(holder.name)] }, M.userTaken(holder.name));
  await tx.teamMember.update({ where: { id: holder.id }, data: { userId: null } });
}

/**
 * Linking a user as a member's login hands the caller that account (its password, its sign-in links): only an account
 * they may manage in Admin > Users (core/user-management.ts), else 403 on `user`. Keeping the link it has, or
 * unlinking, is not refused; another company's user is the engine's reference check's 400.
 */
export async function assertMayLinkUser(
  tx: DbTx,
  deps: Pick<ResourceDeps, 'log'>,
  actor: Actor,
  userId: unknown,
  linked: unknown,
): Promise<void> {
  if (typeof userId !== 'string' || userId === linked) return;
  const user = await managedUserRow(tx, actor, userId);
  if (user) assertMayManageUser(actor, user, { log: deps.log, field: 'user' });
}

/** The groups a body sets, as Prisma's relation write (create: connect; update: set); 400 on a group not in the asset. */
export async function groupsWrite(tx: DbTx, assetId: string, body: Row, mode: 'create' | 'update'): Promise<Row> {
  const ids = body.groups;
  if (!Array.isArray(ids)) return {};
  const unique = [...new Set(ids.map(String))];
  const found = unique.length ? await tx.group.count({ where: { id: { in: unique }, assetId, deletedAt: null } }) : 0;
  if (found !== unique.length) throw AppError.validation({ groups: [M.groupNotFound] }, M.groupNotFound);
  const refs = unique.map((id) => ({ id }));
  return { groups: mode === 'create' ? { connect: refs } : { set: refs } };
}

const GroupFilterSchema = z.union([
  z.string().regex(UUID_PATTERN),
  z.strictObject({ $in: z.array(z.string().regex(UUID_PATTERN)).min(1).max(100) }),
]);

/** The members list's `groups` filter key: `{ groups: id }` or `{ groups: { $in: [ids] } }`, members in any of them. */
export function memberGroupsWhere(value: unknown, path: string): Where {
  const parsed = GroupFilterSchema.safeParse(value);
  if (!parsed.success) throw filterError(path, "'groups' expects a group id or { $in: [group ids] }.");
  const ids = typeof parsed.data === 'string' ? [parsed.data] : parsed.data.$in;
  return { groups: { some: { id: { in: ids.map((id) => id.toLowerCase()) } } } };
}

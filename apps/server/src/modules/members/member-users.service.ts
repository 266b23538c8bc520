import type { z } from 'zod';
import {
  MEMBER_CALL_PERMISSIONS,
  MEMBER_USER_OPTIONS_LIMIT,
  type MemberUserOptionsQuerySchema,
  mayManageUser,
  type MemberUserOption,
} from '@crm/domain';
import { manageableUsersWhere } from '../../core/user-management.js';
import { memberAsset, type MemberCall } from './member-bulk.service.js';

// GET teams/members/users: the users of the company the caller may link to a member (the member form's User). Linking
// hands the caller the account, so only accounts they may manage in Admin > Users are offered (core/user-management.ts;
// the write checks again, member-links.ts). Each says which member of the asset it is already the login of: the form
// shows that user as taken (the write refuses it).

/** GET users?search&include: by name or email, the first MEMBER_USER_OPTIONS_LIMIT, and `include` whatever the search. */
export async function memberUserOptions(
  call: MemberCall,
  input: z.output<typeof MemberUserOptionsQuerySchema>,
): Promise<MemberUserOption[]> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  const { search, include } = input;
  const text = search?.trim();
  const contains = text ? { contains: text, mode: 'insensitive' as const } : undefined;
  const select = {
    id: true,
    fullName: true,
    email: true,
    enabled: true,
    isRootUser: true,
    role: { select: { code: true, permissions: true } },
    teamMembers: { where: { assetId, deletedAt: null }, select: { id: true, name: true }, take: 1 },
  } as const;
  const { actor } = call;
  const reach = manageableUsersWhere(actor);
  const caller = { id: actor.userId, roleCode: actor.roleCode, permissions: actor.permissions, isRootUser: actor.isRootUser };
  const [found, included] = await Promise.all([
    reach
      ? call.deps.db.user.findMany({
          where: { companyId: actor.companyId, ...reach, ...(contains ? { OR: [{ fullName: contains }, { email: contains }] } : {}) },
          orderBy: [{ fullName: 'asc' }, { id: 'asc' }],
          take: MEMBER_USER_OPTIONS_LIMIT,
          select,
        })
      : [],
    include ? call.deps.db.user.findFirst({ where: { id: include, companyId: actor.companyId }, select }) : null,
  ]);
  const manageable = (user: (typeof found)[number]) =>
    mayManageUser(caller, { roleCode: user.role.code, permissions: user.role.permissions, isRootUser: user.isRootUser });
  // The filter's SQL knows the product's codes; a role with a code it does not know is left out here.
  const offered = found.filter(manageable);
  const users = included && !offered.some((user) => user.id === included.id) ? [included, ...offered] : offered;
  return users.map((user) => {
    const member = user.teamMembers[0];
    return {
      _id: user.id,
      fullName: user.fullName,
      email: user.email,
      enabled: user.enabled,
      member: member ? { _id: member.id, name: member.name } : null,
      manageable: manageable(user),
    };
  });
}

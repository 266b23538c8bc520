import { MEMBER_CALL_PERMISSIONS, MEMBER_USER_OPTIONS_LIMIT, MemberUserOptionsQuerySchema, type MemberUserOption } from '@crm/domain';
import { memberAsset, parse, type MemberCall } from './member-bulk.service.js';

// GET teams/members/users: the users of the company a member may be linked to (the member form's User), for a caller
// who manages the team without reading the admin's users list (USERS_VIEW). Each says which member of the asset it
// is already the login of: the form shows that user as taken (the write refuses it, member-links.ts).

/** GET users?search&include: by name or email, the first MEMBER_USER_OPTIONS_LIMIT, and `include` whatever the search. */
export async function memberUserOptions(call: MemberCall, query: unknown): Promise<MemberUserOption[]> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  const { search, include } = parse(MemberUserOptionsQuerySchema, query);
  const text = search?.trim();
  const contains = text ? { contains: text, mode: 'insensitive' as const } : undefined;
  const select = {
    id: true,
    fullName: true,
    email: true,
    enabled: true,
    teamMembers: { where: { assetId, deletedAt: null }, select: { id: true, name: true }, take: 1 },
  } as const;
  const companyId = call.actor.companyId;
  const [found, included] = await Promise.all([
    call.deps.db.user.findMany({
      where: { companyId, ...(contains ? { OR: [{ fullName: contains }, { email: contains }] } : {}) },
      orderBy: [{ fullName: 'asc' }, { id: 'asc' }],
      take: MEMBER_USER_OPTIONS_LIMIT,
      select,
    }),
    include ? call.deps.db.user.findFirst({ where: { id: include, companyId }, select }) : null,
  ]);
  const users = included && !found.some((user) => user.id === included.id) ? [included, ...found] : found;
  return users.map((user) => {
    const member = user.teamMembers[0];
    return {
      _id: user.id,
      fullName: user.fullName,
      email: user.email,
      enabled: user.enabled,
      member: member ? { _id: member.id, name: member.name } : null,
    };
  });
}

import { closesReportingCycle, MEMBER_MESSAGES, memberContract } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import { defineResource } from '../../resources/resource-define.js';
import type { Row, WriteHookInput } from '../../resources/resource.types.js';
import { leadResource } from '../leads/index.js';
import { fileUrlColumn, STORED_FILE_COLUMNS } from '../storage/index.js';
import { assertMayLinkUser, assertUserFree, groupsWrite, memberGroupsWhere } from './member-links.js';
import { leavesRouting, reassignOpenLeads } from './member-routing.service.js';

const PHOTOS = [
  { field: 'avatar', column: 'photoUrl', label: 'Photo', image: true },
  { field: 'avatar2', column: 'avatar2Url', label: 'Second Photo', image: true },
  { field: 'brochureAvatar', column: 'brochureAvatarUrl', label: 'Brochure Photo', image: true },
];

async function photoColumns(input: WriteHookInput): Promise<Row> {
  const parts = await Promise.all(PHOTOS.map((photo) => fileUrlColumn(input, photo)));
  return Object.assign({}, ...parts);
}

/** A new member: their user one the caller may link and free in the asset, their groups, their photos' URLs. */
async function beforeCreate(input: WriteHookInput): Promise<Row> {
  const assetId = input.scope.assetId ?? '';
  await assertMayLinkUser(input.tx, input.deps, input.actor, input.data.userId, null);
  await assertUserFree(input.tx, assetId, null, input.data.userId);
  return { ...(await groupsWrite(input.tx, assetId, input.body, 'create')), ...(await photoColumns(input)) };
}

/** Who reports to whom in the asset, for the cycle check. */
export async function reportingLines(tx: DbTx, assetId: string): Promise<Map<string, string | null>> {
  const rows = await tx.teamMember.findMany({ where: { assetId, deletedAt: null }, select: { id: true, reportedToId: true } });
  return new Map(rows.map((r) => [r.id, r.reportedToId]));
}

/**
 * An update of one member through the generic PATCH: no reporting loop, and leaving routing moves their open
 * unaccepted leads in the same transaction (member-routing.service.ts; the bulk update applies the same rules); the
 * user, groups and photos as on create.
 */
async function beforeUpdate(input: WriteHookInput): Promise<Row> {
  const { tx, data, scope, actor, deps } = input;
  const id = String(input.existing?.id ?? '');
  const assetId = scope.assetId ?? '';
  if (typeof data.reportedToId === 'string') {
    if (data.reportedToId === id) throw AppError.validation({ reportedTo: [MEMBER_MESSAGES.reportsToSelf] });
    if (closesReportingCycle(id, data.reportedToId, await reportingLines(tx, assetId)))
      throw AppError.validation({ reportedTo: [MEMBER_MESSAGES.reportingCycle] });
  }
  const before = await tx.teamMember.findUniqueOrThrow({
    where: { id },
    select: { enabled: true, isLeadProcessEnabled: true, isTest: true },
  });
  const after = { ...before, ...pickFlags(data) };
  if (leavesRouting(before, after)) await reassignOpenLeads(tx, assetId, id, actor, deps.clock.now());
  await assertMayLinkUser(tx, deps, actor, data.userId, input.existing?.userId);
  await assertUserFree(tx, assetId, id, data.userId);
  return { ...(await groupsWrite(tx, assetId, input.body, 'update')), ...(await photoColumns(input)) };
}

function pickFlags(data: Row): Partial<Record<'enabled' | 'isLeadProcessEnabled' | 'isTest', boolean>> {
  const flags: Partial<Record<'enabled' | 'isLeadProcessEnabled' | 'isTest', boolean>> = {};
  for (const key of ['enabled', 'isLeadProcessEnabled', 'isTest'] as const) {
    if (typeof data[key] === 'boolean') flags[key] = data[key];
  }
  return flags;
}

// Team members: photos are stored images (their URLs kept beside them for lists and the website).
export const memberResource = defineResource(memberContract, {
  model: 'teamMember',
  tag: 'teams',
  refs: {
    user: { model: 'user', scope: 'company' },
    office: { model: 'office' },
    department: { model: 'department' },
    reportedTo: { model: 'teamMember' },
    avatar: { model: 'storedFile' },
    avatar2: { model: 'storedFile' },
    brochureAvatar: { model: 'storedFile' },
  },
  // The member form sets the groups by their ids (member-links.ts); the list filters by them.
  relationWrites: ['groups'],
  filterKeys: { groups: memberGroupsWhere },
  populate: {
    avatar: { columns: STORED_FILE_COLUMNS },
    avatar2: { columns: STORED_FILE_COLUMNS },
    brochureAvatar: { columns: STORED_FILE_COLUMNS },
  },
  // Leaving routing moves leads (the hooks below): the Leads report's cached totals go with the commit.
  invalidates: () => [leadResource],
  hooks: {
    beforeCreate,
    beforeUpdate,
    // A deleted member takes no leads: their open unaccepted ones move first.
    beforeRemove: async ({ tx, scope, existing, actor, deps }) => {
      await reassignOpenLeads(tx, scope.assetId ?? '', String(existing.id), actor, deps.clock.now());
    },
  },
});

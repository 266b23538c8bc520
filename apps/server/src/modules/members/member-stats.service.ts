import {
  MEMBER_CALL_PERMISSIONS,
  MEMBER_INTEGRATIONS,
  MEMBER_MESSAGES as M,
  MemberStatisticsQuerySchema,
  MemberSyncMultipleInputSchema,
  ratingStats,
  UUID_PATTERN,
  type MemberIntegration,
  type RatingSummary,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { assetOfActor } from '../../core/authorization.js';
import { memberAsset, parse, type MemberCall } from './member-bulk.service.js';

// Figures about the team (the ratings summary) and the calls that need an integration: member sync and the
// offices of Engage or Goyzer. No provider for those is built into this release, so they answer 409 naming what is
// missing (or unavailable) rather than pretending to have synced.

const NO_OFFICE = 'No office';

function range(query: unknown) {
  const { from, to } = parse(MemberStatisticsQuerySchema, query);
  return { from: from ? new Date(from) : null, to: to ? new Date(to) : null };
}

/** GET ratings/statistics/summary?from&to: visible ratings per member and per office, and overall. */
export async function ratingSummary(call: MemberCall, query: unknown): Promise<RatingSummary> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.ratings);
  const { from, to } = range(query);
  const rows = await call.deps.db.$queryRaw<{ memberId: string; name: string; officeName: string | null; rating: number; n: bigint }[]>`
    SELECT r."memberId", m.name, m."officeName", r.rating, count(*) AS n
    FROM "MemberRating" r JOIN "TeamMember" m ON m.id = r."memberId"
    WHERE r."assetId" = ${assetId}::uuid AND r."deletedAt" IS NULL AND r.hidden = false
      AND (${from}::timestamp IS NULL OR r."ratedAt" >= ${from}::timestamp)
      AND (${to}::timestamp IS NULL OR r."ratedAt" <= ${to}::timestamp)
    GROUP BY r."memberId", m.name, m."officeName", r.rating`;
  const members = new Map<string, { name: string; officeName: string | null; counts: Map<number, number> }>();
  const offices = new Map<string, Map<number, number>>();
  const overall = new Map<number, number>();
  const add = (counts: Map<number, number>, rating: number, n: number) => counts.set(rating, (counts.get(rating) ?? 0) + n);
  for (const row of rows) {
    const n = Number(row.n);
    const member = members.get(row.memberId) ?? { name: row.name, officeName: row.officeName, counts: new Map() };
    members.set(row.memberId, member);
    add(member.counts, row.rating, n);
    const office = row.officeName || NO_OFFICE;
    offices.set(office, offices.get(office) ?? new Map());
    add(offices.get(office) ?? new Map(), row.rating, n);
    add(overall, row.rating, n);
  }
  return {
    overall: ratingStats(overall),
    members: [...members.entries()]
      .map(([id, m]) => ({ member: { _id: id, name: m.name, officeName: m.officeName }, ...ratingStats(m.counts) }))
      .sort((a, b) => (b.average ?? 0) - (a.average ?? 0) || a.member.name.localeCompare(b.member.name)),
    offices: [...offices.entries()]
      .map(([officeName, counts]) => ({ officeName, ...ratingStats(counts) }))
      .sort((a, b) => a.officeName.localeCompare(b.officeName)),
  };
}

/** 409 naming the integration: not configured (or switched off) for the asset, or configured but not built in. */
async function integrationRefusal(call: MemberCall, assetId: string, names: readonly MemberIntegration[]): Promise<AppError> {
  const configured = await call.deps.db.integrationConfig.findFirst({
    where: { assetId, enabled: true, name: { in: [...names] } },
    select: { name: true },
  });
  if (!configured) {
    const wanted = names.map((n) => MEMBER_INTEGRATIONS[n]).join(' or ');
    return AppError.conflict(M.integrationMissing(wanted), { integration: names.join(',') });
  }
  const label = MEMBER_INTEGRATIONS[configured.name as MemberIntegration] ?? configured.name;
  return AppError.conflict(M.integrationUnavailable(label), { integration: configured.name });
}

async function assertMembers(call: MemberCall, assetId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const valid = unique.every((id) => UUID_PATTERN.test(id));
  const found = valid ? await call.deps.db.teamMember.count({ where: { id: { in: unique }, assetId, deletedAt: null } }) : 0;
  if (found !== unique.length) throw AppError.notFound(M.memberNotFound);
}

/** PATCH sync-now/{id}: the member from the asset's CRM (Engage or Goyzer). */
export async function syncMemberNow(call: MemberCall, id: string): Promise<never> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  await assertMembers(call, assetId, [id]);
  throw await integrationRefusal(call, assetId, ['engage', 'goyzer']);
}

/** POST sync-multiple-members. */
export async function syncMembers(call: MemberCall, body: unknown): Promise<never> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  const { ids } = parse(MemberSyncMultipleInputSchema, body);
  await assertMembers(call, assetId, ids);
  throw await integrationRefusal(call, assetId, ['engage', 'goyzer']);
}

/** GET offices/engage|goyzer/{asset}: the integration's offices. */
export async function integrationOffices(call: MemberCall, integration: MemberIntegration, asset: string): Promise<never> {
  memberAsset(call, MEMBER_CALL_PERMISSIONS.update);
  const assetId = assetOfActor(call.actor, asset);
  throw await integrationRefusal(call, assetId, [integration]);
}

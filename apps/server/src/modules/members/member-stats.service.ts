import type { z } from 'zod';
import { MEMBER_CALL_PERMISSIONS, NO_OFFICE, type RatingSummaryQuerySchema, ratingStats, type RatingSummary } from '@crm/domain';
import { memberAsset, type MemberCall } from './member-bulk.service.js';

// The ratings summary: every visible rating (qualification reviews' ones written by the database, viewing and
// customer reviews', integrations') per member, per office and overall, over a range of rating dates.

/** GET ratings/statistics/summary?from&to&member: visible ratings per member and per office, and overall. */
export async function ratingSummary(call: MemberCall, input: z.output<typeof RatingSummaryQuerySchema>): Promise<RatingSummary> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.ratings);
  const from = input.from ? new Date(input.from) : null;
  const to = input.to ? new Date(input.to) : null;
  const member = input.member ?? null;
  const rows = await call.deps.db.$queryRaw<{ memberId: string; name: string; officeName: string | null; rating: number; n: bigint }[]>`
    SELECT r."memberId", m.name, m."officeName", r.rating, count(*) AS n
    FROM "MemberRating" r JOIN "TeamMember" m ON m.id = r."memberId"
    WHERE r."assetId" = ${assetId}::uuid AND r."deletedAt" IS NULL AND r.hidden = false
      AND (${member}::uuid IS NULL OR r."memberId" = ${member}::uuid)
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

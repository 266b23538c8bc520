import { HUMAN_TOUCH_ACTIVITY_TYPES, type PortalLeads, type PortalLeadsQuery, type PortalLeadsRow } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import { Prisma } from '../../generated/prisma/client.js';

// The Portal Leads report (docs/product.md 'Portal Leads'): one statement over the asset's leads created in the
// range, grouped by portal (source), listing or channel (contact method), with the total. The conditions of each
// figure are the Leads report's portal figures' (leads/lead-home-figure-filter.ts), so a count and the list it opens
// agree.

interface FigureRow {
  key: string | null;
  total: boolean;
  enquiries: bigint;
  people: bigint;
  responded: bigint;
  median: number | null;
  p90: number | null;
  claimed: bigint;
  viewings: bigint;
  deals: bigint;
}

const GROUP_KEY: Record<PortalLeadsQuery['by'], Prisma.Sql> = {
  portal: Prisma.sql`b.source`,
  listing: Prisma.sql`b."listingId"::text`,
  channel: Prisma.sql`coalesce(b."contactMethod", '')`,
};

const NOT_GIVEN = 'Not given';

export async function portalLeadsReport(deps: Pick<AppDeps, 'db'>, assetId: string, query: PortalLeadsQuery): Promise<PortalLeads> {
  const from = new Date(query.from);
  const to = new Date(query.to);
  const asset = await deps.db.asset.findUniqueOrThrow({ where: { id: assetId }, select: { timezone: true } });
  const key = GROUP_KEY[query.by];
  const onListing = query.by === 'listing' ? Prisma.sql`AND l."listingId" IS NOT NULL` : Prisma.empty;
  const touchTypes = Prisma.join(HUMAN_TOUCH_ACTIVITY_TYPES.map((type) => Prisma.sql`${type}`));
  const rows = await deps.db.$queryRaw<FigureRow[]>`
    WITH b AS (
      SELECT l.id, l.source, l."listingId", l."contactMethod", l."customerId", l."isClaimedFromPool" AS claimed,
        coalesce(l."sourceReceivedAt", l."dataSourceCreatedAt") AS received,
        ((l."dataSourceCreatedAt" AT TIME ZONE 'UTC') AT TIME ZONE ${asset.timezone})::date AS day,
        EXISTS (SELECT 1 FROM "Viewing" v WHERE v."leadId" = l.id AND v.status <> 'cancelled') AS viewed,
        EXISTS (SELECT 1 FROM "Deal" d WHERE d."leadId" = l.id AND d."deletedAt" IS NULL) AS dealt,
        (SELECT min(t.at) FROM (
          SELECT a."doneAt" AS at FROM "Activity" a
          WHERE a."leadId" = l.id AND a."deletedAt" IS NULL AND a."creatorId" IS NOT NULL AND a."doneAt" IS NOT NULL
            AND a.type IN (${touchTypes})
          UNION ALL
          SELECT m."sentAt" FROM "Message" m JOIN "Conversation" c ON c.id = m."conversationId"
          WHERE c."leadId" = l.id AND m.direction = 'out' AND m."sentById" IS NOT NULL
        ) t) AS touched
      FROM "Lead" l
      WHERE l."assetId" = ${assetId}::uuid AND l."deletedAt" IS NULL
        AND l."dataSourceCreatedAt" >= ${from} AND l."dataSourceCreatedAt" <= ${to} ${onListing}
    )
    SELECT ${key} AS key, GROUPING(${key}) = 1 AS total,
      count(*) AS enquiries,
      count(DISTINCT (b."customerId", b.day)) AS people,
      count(b.touched) AS responded,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY greatest(0, extract(epoch FROM b.touched - b.received)))
        FILTER (WHERE b.touched IS NOT NULL) AS median,
      percentile_cont(0.9) WITHIN GROUP (ORDER BY greatest(0, extract(epoch FROM b.touched - b.received)))
        FILTER (WHERE b.touched IS NOT NULL) AS p90,
      count(*) FILTER (WHERE b.claimed) AS claimed,
      count(*) FILTER (WHERE b.viewed) AS viewings,
      count(*) FILTER (WHERE b.dealt) AS deals
    FROM b
    GROUP BY GROUPING SETS ((${key}), ())
    ORDER BY total, enquiries DESC, key`;
  const labels = await labelsOf(deps, query.by, rows);
  const toRow = (row: FigureRow): PortalLeadsRow => ({
    key: row.key ?? '',
    label: row.total ? 'Total' : (labels.get(row.key ?? '') ?? (row.key || NOT_GIVEN)),
    enquiries: Number(row.enquiries),
    people: Number(row.people),
    responded: Number(row.responded),
    firstResponseMedianSeconds: row.median === null ? null : Math.round(row.median),
    firstResponseP90Seconds: row.p90 === null ? null : Math.round(row.p90),
    claimedFromPool: Number(row.claimed),
    viewings: Number(row.viewings),
    deals: Number(row.deals),
  });
  const total = rows.find((row) => row.total);
  const empty: PortalLeadsRow = {
    key: '',
    label: 'Total',
    enquiries: 0,
    people: 0,
    responded: 0,
    firstResponseMedianSeconds: null,
    firstResponseP90Seconds: null,
    claimedFromPool: 0,
    viewings: 0,
    deals: 0,
  };
  return {
    by: query.by,
    from: from.toISOString(),
    to: to.toISOString(),
    rows: rows.filter((row) => !row.total).map(toRow),
    total: total ? toRow(total) : empty,
  };
}

/** A listing's reference and title for its row; the other groupings are their own labels. */
async function labelsOf(deps: Pick<AppDeps, 'db'>, by: PortalLeadsQuery['by'], rows: readonly FigureRow[]): Promise<Map<string, string>> {
  if (by !== 'listing') return new Map();
  const ids = rows.flatMap((row) => (row.key && !row.total ? [row.key] : []));
  const listings = await deps.db.listing.findMany({ where: { id: { in: ids } }, select: { id: true, reference: true, title: true } });
  return new Map(listings.map((listing) => [listing.id, listing.title ? `${listing.reference} · ${listing.title}` : listing.reference]));
}

import type { Db } from '../../db/prisma.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { LeadWorld } from './lead-test-kit.js';

// Bulk leads for the export tests, written straight to the database (thousands in a second). Varied the way
// the report's columns need: listing, project and general leads, stages and statuses, accepted or not, and
// created dates with ties (three leads per minute) so keyset batches must break ties by id. Only tests import it.

export const EXPORT_STAGES = ['New', 'Qualified', 'Viewing', 'Offer'] as const;

export async function insertLeads(
  ctx: { db: Db },
  world: LeadWorld,
  count: number,
  options: { start?: Date; prefix?: string; customerId?: string; extra?: (i: number) => Partial<Prisma.LeadCreateManyInput> } = {},
): Promise<void> {
  const start = (options.start ?? new Date('2026-06-01T12:00:00Z')).getTime();
  const customerId = options.customerId ?? (await world.customer()).id;
  const agents = world.agents.map((a) => a.member.id);
  for (let offset = 0; offset < count; offset += 5000) {
    const data: Prisma.LeadCreateManyInput[] = [];
    for (let i = offset; i < Math.min(count, offset + 5000); i += 1) {
      const created = new Date(start - Math.floor(i / 3) * 60_000);
      const kind = i % 4;
      data.push({
        companyId: world.company.id,
        assetId: world.asset.id,
        leadID: `${options.prefix ?? 'X'}-${String(i).padStart(6, '0')}`,
        customerId,
        agentId: agents[i % agents.length] ?? null,
        listingId: kind === 0 ? world.listing.id : null,
        projectId: kind === 1 ? world.project.id : null,
        type: kind === 0 ? 'listing' : kind === 1 ? 'offplan' : 'general',
        contactType: 'Buyer',
        source: i % 2 ? 'Website' : 'Bayut',
        sourceDataId: `SF-${i}`,
        stage: EXPORT_STAGES[i % EXPORT_STAGES.length] ?? 'New',
        status: i % 3 === 0 ? 'Closed' : 'Open',
        isAccepted: i % 5 === 0,
        dataSourceCreatedAt: created,
        createdAt: created,
        ...options.extra?.(i),
      });
    }
    await ctx.db.lead.createMany({ data });
  }
}

/** RFC 4180 rows (quotes, doubled quotes, commas and newlines inside quotes), after the BOM. */
export function parseCsv(text: string): string[][] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        value += '"';
        i++;
      } else if (c === '"') quoted = false;
      else value += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(value);
      value = '';
    } else if (c === '\n') {
      row.push(value);
      rows.push(row);
      row = [];
      value = '';
    } else if (c !== '\r') value += c;
  }
  if (value || row.length) {
    row.push(value);
    rows.push(row);
  }
  return rows;
}

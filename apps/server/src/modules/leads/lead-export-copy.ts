import { Readable } from 'node:stream';
import { MARKET, MESSAGES, SLA_STAGE, yesNo, type CustomFieldRule } from '@crm/domain';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { readAhead, toCell } from '../../resources/resource-export.js';

// The Leads report's CSV written by PostgreSQL itself: for each keyset batch of ids, one
// `COPY (SELECT <the report's columns as text>) TO STDOUT (FORMAT csv)`, its bytes passed to the caller untouched.
// The columns follow the same rules as lead-export-rows.ts (the domain's market, SLA stage, Yes/No, rating,
// 'System', formula-looking text defused, the created date in the caller's zone): building a million rows of cells
// in JavaScript ran at a fraction of COPY's speed and made most of the export's garbage. XLSX keeps the cells path.
// COPY takes no bind parameters, so every value is a literal made here: ids are checked UUIDs, the zone a name
// PostgreSQL has confirmed, constants come from the domain.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A constant as toCell writes it (Yes/No, guarded text), as an SQL literal. */
const constant = (value: string | boolean) => literal(String(toCell(value)));

/**
 * Text as toCell writes it: an empty text as nothing (COPY would quote it), and text a spreadsheet would run as a
 * formula with a leading quote, unless it reads as a number or phone (resource-export.ts `safeText`).
 */
function text(expression: string): string {
  const v = `NULLIF(${expression}, '')`;
  return `CASE WHEN left(${v}, 1) IN ('=', '+', '-', '@', chr(9), chr(13)) AND ${v} !~ '^[+-]?[0-9[:space:]().-]+$' THEN '''' || ${v} ELSE ${v} END`;
}

/** A name, or 'System' when there is none (lead-export-rows.ts `orSystem`). */
const orSystem = (expression: string) =>
  `CASE WHEN btrim(COALESCE(${expression}, ''), ' ' || chr(9) || chr(10) || chr(13)) = '' THEN ${constant(MESSAGES.common.system)} ELSE ${text(expression)} END`;

const yesNoOf = (expression: string) => `CASE WHEN ${expression} THEN ${constant(yesNo(true))} ELSE ${constant(yesNo(false))} END`;

/**
 * A lead's value of one custom field as custom-field-rules.ts `customCellValue` writes it, by what the JSON holds: a
 * number as PostgreSQL prints it (the digits JavaScript stored; only the exponent forms JavaScript uses below 1e-6
 * and from 1e21 would read differently), Yes/No, options joined by ', ', text guarded; absent, nothing.
 */
function customValue(key: string): string {
  const value = `l."customFields"->${literal(key)}`;
  const items = `array_to_string(ARRAY(SELECT jsonb_array_elements_text(${value})), ', ')`;
  return `CASE jsonb_typeof(${value})
    WHEN 'number' THEN ${value} #>> '{}'
    WHEN 'boolean' THEN CASE WHEN (${value})::boolean THEN ${constant(true)} ELSE ${constant(false)} END
    WHEN 'array' THEN ${text(items)}
    WHEN 'string' THEN ${text(`${value} #>> '{}'`)}
    END`;
}

/** Milliseconds, as the JavaScript path compares instants. */
const ms = (expression: string) => `date_trunc('milliseconds', ${expression})`;

/** The created date as ISO 8601 wall time in `zone` with its offset ('2026-06-01T14:15:00+04:00'), as ExportZone.iso writes it. */
function isoIn(column: string, zone: string): string {
  if (zone === 'UTC') return `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS') || '+00:00'`;
  // Stored without zone, in UTC: the wall time in the zone, and the offset in minutes between the two.
  const wall = `((${column} AT TIME ZONE 'UTC') AT TIME ZONE ${literal(zone)})`;
  const minutes = `round(extract(epoch from ${wall} - ${column}) / 60)::int`;
  return `to_char(${wall}, 'YYYY-MM-DD"T"HH24:MI:SS') || CASE WHEN ${minutes} < 0 THEN '-' ELSE '+' END
    || lpad((abs(${minutes}) / 60)::text, 2, '0') || ':' || lpad((abs(${minutes}) % 60)::text, 2, '0')`;
}

/** deriveSlaStage in SQL, judged at `now`. */
function slaStage(now: Date): string {
  const reference = `CASE WHEN l."isAccepted" AND l."acceptedAt" IS NOT NULL THEN ${ms('l."acceptedAt"')} ELSE ${literal(now.toISOString())}::timestamp END`;
  return `CASE WHEN l."initialSlaEndDate" IS NULL OR l."freePoolSlaEndDate" IS NULL THEN ${constant(SLA_STAGE.NONE)}
    WHEN l."isAssignedFromLeadPool" THEN ${constant(SLA_STAGE.MANAGER)}
    WHEN ${ms('l."initialSlaEndDate"')} >= ${reference} THEN ${constant(SLA_STAGE.INITIAL)}
    WHEN ${ms('l."freePoolSlaEndDate"')} >= ${reference} THEN ${constant(SLA_STAGE.LEAD_POOL)}
    ELSE ${constant(SLA_STAGE.NONE)} END`;
}

/** A keyset batch: its ids in order, and where they lie in the sort (a column never empty, and its two ends). */
export interface LeadIdBatch {
  ids: string[];
  range: { column: string; direction: 'asc' | 'desc'; first: Date | string | number; last: Date | string | number } | null;
}

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/** A sort value as an SQL literal (timestamps are stored without zone, in UTC). */
function valueLiteral(value: Date | string | number): string {
  if (value instanceof Date) return `${literal(value.toISOString().replace('T', ' ').replace('Z', ''))}::timestamp`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('lead export: not a finite number');
    return String(value);
  }
  return literal(value);
}

/**
 * Which leads the COPY reads, in the batch's order. With the batch's range in the sort, the rows are read along
 * the sort's index and kept when their id is among the batch's (a hashed lookup): several times faster over millions
 * of leads than one primary-key lookup per id. Without one, the ids are joined in their order.
 */
function batchSource(batch: LeadIdBatch, assetId: string): { from: string; where: string; order: string } {
  const ids = `'{${batch.ids.join(',')}}'::uuid[]`;
  const range = batch.range;
  if (!range || !IDENTIFIER.test(range.column)) {
    return {
      from: `unnest(${ids}) WITH ORDINALITY AS k(id, n) JOIN "Lead" l ON l.id = k.id`,
      where: `l."assetId" = '${assetId}'::uuid`,
      order: 'k.n',
    };
  }
  const column = `l."${range.column}"`;
  const [low, high] = range.direction === 'desc' ? [range.last, range.first] : [range.first, range.last];
  const dir = range.direction === 'desc' ? 'DESC' : 'ASC';
  return {
    from: `"Lead" l`,
    where: `l."assetId" = '${assetId}'::uuid AND ${column} BETWEEN ${valueLiteral(low)} AND ${valueLiteral(high)} AND l.id = ANY(${ids})`,
    order: range.column === 'id' ? `l.id ${dir}` : `${column} ${dir}, l.id ${dir}`,
  };
}

/** The COPY of a batch's rows, in its order, every column of LEADS_REPORT_COLUMNS as text, then the custom fields'. */
export function leadExportCopySql(
  batch: LeadIdBatch,
  assetId: string,
  now: Date,
  zone: string,
  custom: readonly Pick<CustomFieldRule, 'key'>[] = [],
): string {
  for (const id of [assetId, ...batch.ids]) if (!UUID.test(id)) throw new Error('lead export: not a uuid');
  const source = batchSource(batch, assetId);
  const columns = [
    isoIn('l."dataSourceCreatedAt"', zone),
    text('l."sourceDataId"'),
    text('l."leadID"'),
    text('l."contactType"'),
    text('l.source'),
    text('l."sourceChannel"'),
    text('l.location'),
    text('l.status'),
    text('l.stage'),
    text('a.name'),
    text('COALESCE(l."officeName", a."officeName")'),
    text('m.name'),
    `CASE WHEN l."projectId" IS NOT NULL THEN ${constant(MARKET.OFF_PLAN)} WHEN l."listingId" IS NOT NULL THEN ${constant(MARKET.SECONDARY)} ELSE ${constant(MARKET.GENERAL)} END`,
    text('CASE WHEN l."projectId" IS NOT NULL THEN p.name ELSE li.reference END'),
    text('p."campaignName"'),
    text('d.name'),
    slaStage(now),
    yesNoOf('l."isAccepted"'),
    yesNoOf('l."isClaimedFromPool"'),
    yesNoOf('l."isContacted"'),
    `COALESCE(r.rating::text, ${constant(MESSAGES.common.notAvailable)})`,
    orSystem('l."creatorName"'),
    orSystem('l."updatedByName"'),
    ...custom.map((rule) => customValue(rule.key)),
  ];
  return `COPY (
    SELECT ${columns.join(',\n      ')}
    FROM ${source.from}
    LEFT JOIN "TeamMember" a ON a.id = l."agentId"
    LEFT JOIN "TeamMember" m ON m.id = a."reportedToId"
    LEFT JOIN "Listing" li ON li.id = l."listingId"
    LEFT JOIN "Project" p ON p.id = l."projectId"
    LEFT JOIN "Developer" d ON d.id = p."developerId"
    LEFT JOIN "LeadReview" r ON r."leadId" = l.id
    WHERE ${source.where}
    ORDER BY ${source.order}
  ) TO STDOUT (FORMAT csv)`;
}

/** The zone's name if PostgreSQL knows it (its zone data may lack a zone the JavaScript runtime has), else null. */
export async function copyZone(pool: pg.Pool, zone: string): Promise<string | null> {
  if (zone === 'UTC') return zone;
  try {
    await pool.query(`SELECT now() AT TIME ZONE $1`, [zone]);
    return zone;
  } catch {
    return null;
  }
}

/**
 * Once the connection is ready for the next statement: a COPY's stream ends before PostgreSQL's ReadyForQuery, and a
 * connection handed back to the pool before it would queue its next user's query behind the finished COPY.
 */
function idle(client: pg.PoolClient): Promise<void> {
  if ((client as unknown as { readyForQuery?: boolean }).readyForQuery) return Promise.resolve();
  return new Promise((resolve) => client.once('drain', () => resolve()));
}

/** One batch's CSV bytes, whole (a batch of 5,000 rows is under a megabyte): its connection goes back at once. */
async function copyBatch(pool: pg.Pool, sql: string): Promise<Buffer[]> {
  const client = await pool.connect();
  let done = false;
  try {
    // A batch's plan costs past jit_above_cost: compiling its expressions took longer than running it, per batch.
    await client.query('SET jit = off');
    const chunks: Buffer[] = [];
    for await (const chunk of client.query(copyTo(sql))) chunks.push(chunk as Buffer);
    await idle(client);
    await client.query('RESET jit');
    done = true;
    return chunks;
  } finally {
    // A COPY stopped halfway (an error) leaves the connection mid-protocol: it is closed, not reused.
    client.release(!done);
  }
}

/** COPYs running at once: the one being sent and those after it (each holds a pool connection). */
const COPIES_IN_FLIGHT = 2;

/**
 * The CSV bytes of each batch of ids, one COPY each, in order. The next batches' COPYs run while this one's bytes
 * are sent, and their ids are read before that: PostgreSQL's joins per batch were the export's pace, and with one
 * COPY at a time the server sat idle (and a second core unused) between them. At most COPIES_IN_FLIGHT batches are
 * held; a reader that goes away leaves those COPYs to end on their own and return their connections.
 */
async function* copiedBatches(
  pool: pg.Pool,
  batches: AsyncGenerator<LeadIdBatch>,
  sql: (batch: LeadIdBatch) => string,
  onBatch: (rows: number) => Promise<void> | void,
): AsyncGenerator<Buffer> {
  const inFlight: { bytes: Promise<Buffer[]>; rows: number }[] = [];
  async function* sendOldest() {
    const oldest = inFlight.shift();
    if (!oldest) return;
    yield* await oldest.bytes;
    await onBatch(oldest.rows);
  }
  for await (const batch of readAhead(batches)) {
    const bytes = copyBatch(pool, sql(batch));
    // Awaited in turn; until then a failure must not count as unhandled.
    bytes.catch(() => undefined);
    inFlight.push({ bytes, rows: batch.ids.length });
    if (inFlight.length >= COPIES_IN_FLIGHT) yield* sendOldest();
  }
  while (inFlight.length) yield* sendOldest();
}

/** The report's CSV (BOM, header line, rows) of `batches` of lead ids, as a byte stream. */
export function leadCsvCopyStream(
  pool: pg.Pool,
  options: {
    header: string;
    batches: AsyncGenerator<LeadIdBatch>;
    sql: (batch: LeadIdBatch) => string;
    onBatch?: (rows: number) => Promise<void> | void;
    onError: (error: unknown) => void;
  },
): Readable {
  async function* bytes() {
    yield Buffer.from(options.header);
    yield* copiedBatches(pool, options.batches, options.sql, options.onBatch ?? (() => undefined));
  }
  const stream = Readable.from(bytes(), { objectMode: false });
  stream.on('error', options.onError);
  return stream;
}

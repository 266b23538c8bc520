import {
  DEAL_MESSAGES as M,
  type DealBoard,
  type DealBoardQuery,
  type DealCard,
  type DealColumnPage,
  type DealColumnQuery,
  type DealTotals,
  type DealTotalsQuery,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { Prisma } from '../../generated/prisma/client.js';
import type { Actor } from '../../core/actor.js';
import { stagesOf } from './deal-pipeline.service.js';
import { visibleAgentsSql, visibleDealAgents } from './deal-visibility.js';

// The board and the totals (docs/api.md 'Deals'): each column's count, value and weighted value are one GROUP BY over
// the same filter as its cards (the board's index holds them), and each column's first 50 cards one LATERAL read
// per stage; more come by a cursor on (stageChangedAt, id), the cards' order.

type Deps = Pick<AppDeps, 'db' | 'clock'>;
export const BOARD_PAGE = 50;

type CardRow = {
  id: string;
  title: string;
  stage: string;
  customerName: string | null;
  agentId: string | null;
  agentName: string | null;
  value: Prisma.Decimal;
  currency: string;
  probability: number;
  expectedCloseDate: Date | null;
  staleAt: Date | null;
  stageChangedAt: Date;
};

function filterSql(assetId: string, query: DealBoardQuery, agents: readonly string[] | null): Prisma.Sql {
  return Prisma.sql`d."assetId" = ${assetId}::uuid AND d.pipeline = ${query.pipeline} AND d."deletedAt" IS NULL ${visibleAgentsSql(agents)}
    ${query.agent ? Prisma.sql`AND d."agentId" = ${query.agent}::uuid` : Prisma.empty}
    ${query.office ? Prisma.sql`AND d."officeName" = ${query.office}` : Prisma.empty}`;
}

const cardColumns = Prisma.sql`d.id, d.title, d.stage, c."fullName" AS "customerName", d."agentId", m.name AS "agentName", d.value,
  d.currency, d.probability, d."expectedCloseDate", d."staleAt", d."stageChangedAt"`;
const cardJoins = Prisma.sql`LEFT JOIN "Customer" c ON c.id = d."customerId" LEFT JOIN "TeamMember" m ON m.id = d."agentId"`;

const cursorOf = (row: CardRow) => Buffer.from(`${row.stageChangedAt.toISOString()}|${row.id}`).toString('base64url');

function readCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const when = new Date(at ?? '');
  if (!id || Number.isNaN(when.getTime()) || !/^[0-9a-f-]{36}$/i.test(id))
    throw AppError.validation({ cursor: ['Invalid cursor.'] }, 'Invalid cursor.');
  return { at: when, id };
}

function toCard(row: CardRow, now: Date): DealCard {
  return {
    _id: row.id,
    title: row.title,
    stage: row.stage,
    customerName: row.customerName,
    agent: row.agentId ? { _id: row.agentId, name: row.agentName ?? '' } : null,
    value: Number(row.value),
    currency: row.currency,
    probability: row.probability,
    expectedCloseDate: row.expectedCloseDate?.toISOString() ?? null,
    staleAt: row.staleAt?.toISOString() ?? null,
    stale: row.staleAt !== null && row.staleAt.getTime() <= now.getTime(),
  };
}

function page(rows: CardRow[], now: Date): DealColumnPage {
  const cards = rows.slice(0, BOARD_PAGE);
  const last = cards.at(-1);
  return { cards: cards.map((row) => toCard(row, now)), nextCursor: rows.length > BOARD_PAGE && last ? cursorOf(last) : null };
}

/** GET deals/board: every stage of the pipeline, in order, with its totals and first cards. */
export async function dealBoard(deps: Deps, actor: Actor, assetId: string, query: DealBoardQuery): Promise<DealBoard> {
  const [stages, agents] = await Promise.all([stagesOf(deps.db, assetId, query.pipeline), visibleDealAgents(deps.db, actor, assetId)]);
  const where = filterSql(assetId, query, agents);
  const keys = stages.map((stage) => stage.key);
  const [totals, cards, asset] = await Promise.all([
    deps.db.$queryRaw<{ stage: string; count: bigint; value: Prisma.Decimal; weighted: Prisma.Decimal }[]>`
      SELECT d.stage, count(*) AS count, coalesce(sum(d.value), 0) AS value, round(coalesce(sum(d.value * d.probability), 0) / 100) AS weighted
      FROM "Deal" d WHERE ${where} GROUP BY d.stage`,
    deps.db.$queryRaw<CardRow[]>`
      SELECT x.* FROM unnest(${keys}::text[]) AS s(key) CROSS JOIN LATERAL (
        SELECT ${cardColumns} FROM "Deal" d ${cardJoins}
        WHERE ${where} AND d.stage = s.key ORDER BY d."stageChangedAt" DESC, d.id DESC LIMIT ${BOARD_PAGE + 1}) x`,
    deps.db.asset.findUniqueOrThrow({ where: { id: assetId }, select: { currencyCode: true } }),
  ]);
  const now = deps.clock.now();
  return {
    pipeline: query.pipeline,
    currency: asset.currencyCode,
    columns: stages.map((stage) => {
      const sum = totals.find((row) => row.stage === stage.key);
      return {
        stage,
        count: Number(sum?.count ?? 0),
        value: Number(sum?.value ?? 0),
        weightedValue: Number(sum?.weighted ?? 0),
        ...page(
          cards.filter((row) => row.stage === stage.key),
          now,
        ),
      };
    }),
  };
}

/** GET deals/board/column: the next cards of one column after the cursor. */
export async function dealColumn(deps: Deps, actor: Actor, assetId: string, query: DealColumnQuery): Promise<DealColumnPage> {
  const [stages, agents] = await Promise.all([stagesOf(deps.db, assetId, query.pipeline), visibleDealAgents(deps.db, actor, assetId)]);
  if (!stages.some((stage) => stage.key === query.stage))
    throw AppError.validation({ stage: [M.unknownStage(query.stage)] }, M.unknownStage(query.stage));
  const after = query.cursor ? readCursor(query.cursor) : null;
  const rows = await deps.db.$queryRaw<CardRow[]>`
    SELECT ${cardColumns} FROM "Deal" d ${cardJoins}
    WHERE ${filterSql(assetId, query, agents)} AND d.stage = ${query.stage}
      ${after ? Prisma.sql`AND (d."stageChangedAt", d.id) < (${after.at}::timestamp, ${after.id}::uuid)` : Prisma.empty}
    ORDER BY d."stageChangedAt" DESC, d.id DESC LIMIT ${BOARD_PAGE + 1}`;
  return page(rows, deps.clock.now());
}

type TotalsRow = {
  key: string;
  label: string;
  count: bigint;
  open: bigint;
  won: bigint;
  lost: bigint;
  value: Prisma.Decimal;
  wonValue: Prisma.Decimal;
  commission: Prisma.Decimal;
  from: Date | null;
  to: Date | null;
};

/**
 * GET deals/totals: by agent, the deals opened in the range (open ones too); by month, the deals closed in the range,
 * by their closing month in the asset's time zone. The won rate is won out of closed.
 */
export async function dealTotals(deps: Deps, actor: Actor, assetId: string, query: DealTotalsQuery): Promise<DealTotals> {
  const [asset, agents] = await Promise.all([
    deps.db.asset.findUniqueOrThrow({ where: { id: assetId }, select: { currencyCode: true, timezone: true } }),
    visibleDealAgents(deps.db, actor, assetId),
  ]);
  const from = query.from ? new Date(query.from) : null;
  const to = query.to ? new Date(query.to) : null;
  const pipeline = Prisma.sql`${query.pipeline ? Prisma.sql`AND d.pipeline = ${query.pipeline}` : Prisma.empty} ${visibleAgentsSql(agents)}`;
  const figures = Prisma.sql`count(*) AS count, count(*) FILTER (WHERE d.outcome = 'open') AS open,
    count(*) FILTER (WHERE d.outcome = 'won') AS won, count(*) FILTER (WHERE d.outcome = 'lost') AS lost,
    coalesce(sum(d.value), 0) AS value, coalesce(sum(d.value) FILTER (WHERE d.outcome = 'won'), 0) AS "wonValue",
    coalesce(sum(d.commission) FILTER (WHERE d.outcome = 'won'), 0) AS commission`;
  const range = (column: Prisma.Sql) =>
    Prisma.sql`${from ? Prisma.sql`AND ${column} >= ${from}` : Prisma.empty} ${to ? Prisma.sql`AND ${column} <= ${to}` : Prisma.empty}`;
  const rows =
    query.by === 'agent'
      ? await deps.db.$queryRaw<TotalsRow[]>`
          SELECT d."agentId"::text AS key, m.name AS label, ${figures}, ${from}::timestamp AS "from", ${to}::timestamp AS "to"
          FROM "Deal" d JOIN "TeamMember" m ON m.id = d."agentId"
          WHERE d."assetId" = ${assetId}::uuid AND d."deletedAt" IS NULL ${pipeline} ${range(Prisma.sql`d."createdAt"`)}
          GROUP BY d."agentId", m.name ORDER BY "wonValue" DESC, m.name`
      : await deps.db.$queryRaw<TotalsRow[]>`
          SELECT to_char((d."actualCloseDate" AT TIME ZONE 'UTC') AT TIME ZONE ${asset.timezone}, 'YYYY-MM') AS key,
            to_char((d."actualCloseDate" AT TIME ZONE 'UTC') AT TIME ZONE ${asset.timezone}, 'FMMonth YYYY') AS label, ${figures},
            min(date_trunc('month', (d."actualCloseDate" AT TIME ZONE 'UTC') AT TIME ZONE ${asset.timezone}) AT TIME ZONE ${asset.timezone}) AS "from",
            min((date_trunc('month', (d."actualCloseDate" AT TIME ZONE 'UTC') AT TIME ZONE ${asset.timezone}) + interval '1 month') AT TIME ZONE ${asset.timezone}) AS "to"
          FROM "Deal" d
          WHERE d."assetId" = ${assetId}::uuid AND d."deletedAt" IS NULL AND d."actualCloseDate" IS NOT NULL ${pipeline}
            ${range(Prisma.sql`d."actualCloseDate"`)}
          GROUP BY 1, 2 ORDER BY 1 DESC`;
  return {
    by: query.by,
    currency: asset.currencyCode,
    rows: rows.map((row) => {
      const won = Number(row.won);
      const closed = won + Number(row.lost);
      return {
        key: row.key,
        label: row.label,
        count: Number(row.count),
        open: Number(row.open),
        won,
        lost: Number(row.lost),
        value: Number(row.value),
        wonValue: Number(row.wonValue),
        commission: Number(row.commission),
        wonRate: closed ? Math.round((won / closed) * 1000) / 10 : null,
        from: row.from?.toISOString() ?? null,
        to: row.to?.toISOString() ?? null,
      };
    }),
  };
}

import {
  ACTIVITY_TYPE_LABELS,
  CONVERSATION_CHANNEL_LABELS,
  ENVELOPE_STATUS_LABELS,
  LEAD_ASSIGNMENT_REASON,
  LINKS,
  TIMELINE_MESSAGES as M,
  type TimelineEntry,
  VIEWING_STATUS_LABELS,
} from '@crm/domain';
import type { DbTx } from '../../db/prisma.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { type TimelineCursor, type TimelineSource, entryId, keysetOf } from './timeline-cursor.js';

// Each kind of entry read from its own table: the rows before the cursor, newest first, `take` of them, by an index
// on (owner, time, id) (prisma/schema.prisma), so a page costs the same however long the timeline is.

/**
 * An entry before what only the page's entries need is read: its author's name, and for a deal's move its stages'
 * names, for a viewing its time in the asset's zone (`title` is then made from `pending`).
 */
export interface TimelineDraft extends Omit<TimelineEntry, 'by'> {
  byUserId: string | null;
  pending?: { deal: { pipeline: string; from: string | null; to: string } } | { viewing: { status: string; startsAt: Date } };
}

/** What one record's timeline reads from each table (the rows of the record and of what belongs to it); null: none. */
export interface TimelineScope {
  activities: Prisma.ActivityWhereInput | null;
  stages: Prisma.LeadStageChangeWhereInput | null;
  assignments: Prisma.LeadAssignmentWhereInput | null;
  messages: Prisma.MessageWhereInput | null;
  viewings: Prisma.ViewingWhereInput | null;
  documents: Prisma.EnvelopeWhereInput | null;
  dealMoves: Prisma.DealStageChangeWhereInput | null;
  /** The deal's activity-log rows: its documents are a column of the deal, each change of them recorded there. */
  dealDocuments: Prisma.ActivityLogWhereInput | null;
  /** The leads' activity-log rows (a lead's entry into the pool is a change of its columns, recorded there). */
  poolEntries: Prisma.ActivityLogWhereInput | null;
  /** Whether entries link to their deal (not on the deal's own page). */
  linkDeals: boolean;
}

export interface SourceRead {
  db: DbTx;
  scope: TimelineScope;
  cursor: TimelineCursor | null;
  take: number;
}

const DESC = 'desc' as const;
const short = (text: string | null | undefined, max = 200) => {
  const value = text?.trim();
  if (!value) return undefined;
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
};
const label = <K extends string>(labels: Record<K, string>, key: string) => (labels as Record<string, string>)[key] ?? key;

/** The where of the rows before the cursor, on this source's time column. */
function seek<F extends string>(source: TimelineSource, field: F, cursor: TimelineCursor | null) {
  const { at, sameAtBefore } = keysetOf(source, cursor);
  if (!at) return {};
  const bound = { [field]: at } as Record<F, { lte?: Date; lt?: Date }>;
  if (!sameAtBefore) return bound;
  const older = { [field]: { lt: sameAtBefore.at } } as Record<F, { lt: Date }>;
  return { ...bound, OR: [older, { id: { lt: sameAtBefore.rowId } }] };
}

async function activities({ db, scope, cursor, take }: SourceRead): Promise<TimelineDraft[]> {
  if (!scope.activities) return [];
  const rows = await db.activity.findMany({
    where: { AND: [scope.activities, { deletedAt: null }, seek('activity', 'createdAt', cursor)] },
    orderBy: [{ createdAt: DESC }, { id: DESC }],
    take,
    select: { id: true, type: true, subject: true, notes: true, outcome: true, createdAt: true, creatorId: true },
  });
  return rows.map((row) => ({
    id: entryId('activity', row.id),
    kind: 'activity',
    at: row.createdAt.toISOString(),
    byUserId: row.creatorId,
    title: M.activity(label(ACTIVITY_TYPE_LABELS, row.type), row.subject),
    detail: short([row.outcome, row.notes].filter(Boolean).join(' · ')),
  }));
}

async function stages({ db, scope, cursor, take }: SourceRead): Promise<TimelineDraft[]> {
  if (!scope.stages) return [];
  const rows = await db.leadStageChange.findMany({
    where: { AND: [scope.stages, seek('stage', 'changedAt', cursor)] },
    orderBy: [{ changedAt: DESC }, { id: DESC }],
    take,
  });
  return rows.map((row) => ({
    id: entryId('stage', row.id),
    kind: 'stage',
    at: row.changedAt.toISOString(),
    byUserId: row.changedById,
    title: M.stage(row.stage, row.status),
  }));
}

/** Owners: routing's and a manager's assignments, pool claims, and the pool's SLA running out (a manager's). */
async function assignments({ db, scope, cursor, take }: SourceRead): Promise<TimelineDraft[]> {
  if (!scope.assignments) return [];
  const rows = await db.leadAssignment.findMany({
    where: { AND: [scope.assignments, seek('assignment', 'assignedAt', cursor)] },
    orderBy: [{ assignedAt: DESC }, { id: DESC }],
    take,
    select: { id: true, reason: true, assignedAt: true, agent: { select: { name: true, userId: true } } },
  });
  return rows.map((row) => {
    const base = { id: entryId('assignment', row.id), at: row.assignedAt.toISOString() };
    const agent = row.agent.name;
    if (row.reason === LEAD_ASSIGNMENT_REASON.POOL_CLAIM)
      return { ...base, kind: 'pool', byUserId: row.agent.userId, title: M.poolClaim(agent) };
    if (row.reason === LEAD_ASSIGNMENT_REASON.POOL_EXPIRED) return { ...base, kind: 'sla', byUserId: null, title: M.slaEscalated(agent) };
    const title = row.reason === LEAD_ASSIGNMENT_REASON.PARENT ? M.assignedFromParent(agent) : M.assigned(agent);
    return { ...base, kind: 'assignment', byUserId: null, title };
  });
}

async function messages({ db, scope, cursor, take }: SourceRead): Promise<TimelineDraft[]> {
  if (!scope.messages) return [];
  const rows = await db.message.findMany({
    where: { AND: [scope.messages, seek('message', 'sentAt', cursor)] },
    orderBy: [{ sentAt: DESC }, { id: DESC }],
    take,
    select: {
      id: true,
      direction: true,
      body: true,
      templateName: true,
      sentAt: true,
      sentById: true,
      conversation: { select: { channel: true } },
    },
  });
  return rows.map((row) => {
    const channel = label(CONVERSATION_CHANNEL_LABELS, row.conversation.channel);
    return {
      id: entryId('message', row.id),
      kind: 'conversation',
      at: row.sentAt.toISOString(),
      byUserId: row.sentById,
      title: row.direction === 'in' ? M.messageIn(channel) : M.messageOut(channel),
      detail: short(row.body ?? row.templateName),
    };
  });
}

async function viewings({ db, scope, cursor, take }: SourceRead): Promise<TimelineDraft[]> {
  if (!scope.viewings) return [];
  const rows = await db.viewing.findMany({
    where: { AND: [scope.viewings, seek('viewing', 'createdAt', cursor)] },
    orderBy: [{ createdAt: DESC }, { id: DESC }],
    take,
    select: {
      id: true,
      status: true,
      startsAt: true,
      notes: true,
      createdAt: true,
      creatorId: true,
      listing: { select: { reference: true } },
      project: { select: { name: true } },
    },
  });
  return rows.map((row) => ({
    id: entryId('viewing', row.id),
    kind: 'viewing',
    at: row.createdAt.toISOString(),
    byUserId: row.creatorId,
    title: '',
    pending: { viewing: { status: label(VIEWING_STATUS_LABELS, row.status).toLowerCase(), startsAt: row.startsAt } },
    detail: short([row.listing?.reference ?? row.project?.name, row.notes].filter(Boolean).join(' · ')),
  }));
}

/** Documents sent for signature (the lead's envelopes), linked to their file. */
async function documents({ db, scope, cursor, take }: SourceRead): Promise<TimelineDraft[]> {
  if (!scope.documents) return [];
  const rows = await db.envelope.findMany({
    where: { AND: [scope.documents, seek('document', 'createdAt', cursor)] },
    orderBy: [{ createdAt: DESC }, { id: DESC }],
    take,
    select: {
      id: true,
      subject: true,
      status: true,
      signerName: true,
      createdAt: true,
      creatorId: true,
      file: { select: { name: true, url: true } },
    },
  });
  return rows.map((row) => ({
    id: entryId('document', row.id),
    kind: 'document',
    at: row.createdAt.toISOString(),
    byUserId: row.creatorId,
    title: M.envelope(row.subject, label(ENVELOPE_STATUS_LABELS, row.status)),
    detail: row.signerName,
    link: { label: row.file.name, href: row.file.url },
  }));
}

async function dealMoves({ db, scope, cursor, take }: SourceRead): Promise<TimelineDraft[]> {
  if (!scope.dealMoves) return [];
  const rows = await db.dealStageChange.findMany({
    where: { AND: [scope.dealMoves, seek('deal', 'changedAt', cursor)] },
    orderBy: [{ changedAt: DESC }, { id: DESC }],
    take,
    select: {
      id: true,
      dealId: true,
      pipeline: true,
      fromStage: true,
      toStage: true,
      changedAt: true,
      changedById: true,
      deal: { select: { title: true } },
    },
  });
  return rows.map((row) => ({
    id: entryId('deal', row.id),
    kind: 'deal',
    at: row.changedAt.toISOString(),
    byUserId: row.changedById,
    title: '',
    pending: { deal: { pipeline: row.pipeline, from: row.fromStage, to: row.toStage } },
    ...(scope.linkDeals ? { link: { label: row.deal.title, href: LINKS.deal(row.dealId) } } : {}),
  }));
}

type LoggedDocument = { file?: unknown; kind?: unknown; name?: unknown; url?: unknown };
const documentsIn = (side: unknown): LoggedDocument[] => {
  const documents = (side as { documents?: unknown } | null)?.documents;
  return Array.isArray(documents) ? (documents as LoggedDocument[]) : [];
};
const kindOf = (document: LoggedDocument) => String(document.kind ?? document.name ?? '');

/**
 * A deal's documents added and removed, from the log rows whose `after` holds its documents (`@> '[]'`: an array at
 * that path), each linked to the first file it added.
 */
async function dealDocuments({ db, scope, cursor, take }: SourceRead): Promise<TimelineDraft[]> {
  if (!scope.dealDocuments) return [];
  const rows = await db.activityLog.findMany({
    where: {
      AND: [scope.dealDocuments, { changes: { path: ['after', 'documents'], array_contains: [] } }, seek('file', 'createdAt', cursor)],
    },
    orderBy: [{ createdAt: DESC }, { id: DESC }],
    take,
    select: { id: true, userId: true, createdAt: true, changes: true },
  });
  return rows.flatMap((row) => {
    const changes = row.changes as { before?: unknown; after?: unknown } | null;
    const before = documentsIn(changes?.before);
    const after = documentsIn(changes?.after);
    const files = (list: LoggedDocument[]) => new Set(list.map((document) => String(document.file)));
    const added = after.filter((document) => !files(before).has(String(document.file)));
    const removed = before.filter((document) => !files(after).has(String(document.file)));
    if (!added.length && !removed.length) return [];
    const first = added[0];
    return [
      {
        id: entryId('file', row.id),
        kind: 'document' as const,
        at: row.createdAt.toISOString(),
        byUserId: row.userId,
        title: M.documentsChanged(added.map(kindOf), removed.map(kindOf)),
        ...(first && typeof first.url === 'string' ? { link: { label: String(first.name ?? kindOf(first)), href: first.url } } : {}),
      },
    ];
  });
}

/** A lead's entries into the pool (its initial SLA ran out, or its agent left routing): the log's isInFreePool turning on. */
async function poolEntries({ db, scope, cursor, take }: SourceRead): Promise<TimelineDraft[]> {
  if (!scope.poolEntries) return [];
  const rows = await db.activityLog.findMany({
    where: { AND: [scope.poolEntries, { changes: { path: ['after', 'isInFreePool'], equals: true } }, seek('pool', 'createdAt', cursor)] },
    orderBy: [{ createdAt: DESC }, { id: DESC }],
    take,
    select: { id: true, userId: true, createdAt: true },
  });
  return rows.map((row) => ({
    id: entryId('pool', row.id),
    kind: 'pool',
    at: row.createdAt.toISOString(),
    byUserId: row.userId,
    title: M.enteredPool,
  }));
}

export const TIMELINE_READERS = [
  activities,
  stages,
  assignments,
  messages,
  viewings,
  documents,
  dealDocuments,
  dealMoves,
  poolEntries,
] as const;

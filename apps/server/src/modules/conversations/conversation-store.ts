import {
  CONVERSATION_CHANNELS,
  CONVERSATION_MESSAGES as M,
  MESSAGE_DIRECTIONS,
  MESSAGE_STATUS_RANK,
  MESSAGE_STATUSES,
  whatsAppFreeTextUntil,
  type Conversation,
  type ConversationChannel,
  type ConversationSummary,
  type Message,
  type MessageStatus,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import type { Conversation as ConversationRow, Message as MessageRow } from '../../generated/prisma/client.js';
import { recordActivity } from '../../resources/activity-log.js';

// Our copy of a lead's conversations (docs/api.md 'Lead conversations'): the one place that reads and writes the
// Conversation and Message rows, for WhatsApp (messages in by webhook, out by the send box and triggers) and
// Intercom (read from Intercom and cached). Every write leaves its activity-log row in the same transaction.

export const CONVERSATIONS_SUBJECT = 'conversations';

const iso = (date: Date | null) => date?.toISOString() ?? null;
const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export function toMessage(row: MessageRow): Message {
  return {
    _id: row.id,
    direction: oneOf(MESSAGE_DIRECTIONS, row.direction, 'in'),
    body: row.body,
    templateName: row.templateName,
    status: oneOf(MESSAGE_STATUSES, row.status, 'sent'),
    externalId: row.externalId,
    authorName: row.authorName,
    trigger: row.trigger,
    error: row.error,
    sentAt: row.sentAt.toISOString(),
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
    failedAt: iso(row.failedAt),
  };
}

type SummaryRow = ConversationRow & { messages: MessageRow[]; _count: { messages: number } };

function toSummary(row: SummaryRow): ConversationSummary {
  const channel = oneOf(CONVERSATION_CHANNELS, row.channel, 'whatsapp');
  const last = row.messages[0];
  return {
    _id: row.id,
    lead: row.leadId,
    customer: row.customerId,
    channel,
    externalId: row.externalId,
    subject: row.subject,
    lastInboundAt: iso(row.lastInboundAt),
    lastMessageAt: iso(row.lastMessageAt),
    messageCount: row._count.messages,
    lastMessage: last ? toMessage(last) : null,
    freeTextUntil: channel === 'whatsapp' ? iso(whatsAppFreeTextUntil(row.lastInboundAt)) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const summaryInclude = {
  messages: { orderBy: [{ sentAt: 'desc' as const }, { id: 'desc' as const }], take: 1 },
  _count: { select: { messages: true } },
};

/** The lead's conversations, the latest message first. */
export async function listConversations(db: DbTx, assetId: string, leadId: string): Promise<ConversationSummary[]> {
  const rows = await db.conversation.findMany({
    where: { assetId, leadId },
    include: summaryInclude,
    orderBy: [{ lastMessageAt: { sort: 'desc', nulls: 'last' } }, { createdAt: 'desc' }],
  });
  return rows.map(toSummary);
}

/** One conversation of the lead with its messages, oldest first; another lead's or asset's is a 404. */
export async function readConversation(db: DbTx, assetId: string, leadId: string, conversationId: string): Promise<Conversation> {
  const row = await db.conversation.findFirst({ where: { id: conversationId, assetId, leadId }, include: summaryInclude });
  if (!row) throw AppError.notFound(M.conversationNotFound);
  const messages = await db.message.findMany({
    where: { conversationId: row.id },
    orderBy: [{ sentAt: 'asc' }, { id: 'asc' }],
  });
  return { ...toSummary(row), messages: messages.map(toMessage) };
}

export interface ConversationKey {
  companyId: string;
  assetId: string;
  leadId: string;
  customerId: string;
  channel: ConversationChannel;
  externalId: string;
  subject?: string | null;
}

/** The lead's conversation on the channel with the provider's id, made the first time. */
export async function conversationFor(tx: DbTx, key: ConversationKey, by: string | null): Promise<ConversationRow> {
  const found = await tx.conversation.findUnique({
    where: { leadId_channel_externalId: { leadId: key.leadId, channel: key.channel, externalId: key.externalId } },
  });
  if (found) {
    if (key.subject !== undefined && key.subject !== found.subject)
      return tx.conversation.update({ where: { id: found.id }, data: { subject: key.subject } });
    return found;
  }
  // Two writers at once (a webhook and a send) settle on the unique index: the second reads the first's row.
  const [created] = await tx.conversation.createManyAndReturn({
    data: [
      {
        companyId: key.companyId,
        assetId: key.assetId,
        leadId: key.leadId,
        customerId: key.customerId,
        channel: key.channel,
        externalId: key.externalId,
        subject: key.subject ?? null,
      },
    ],
    skipDuplicates: true,
  });
  if (!created)
    return tx.conversation.findUniqueOrThrow({
      where: { leadId_channel_externalId: { leadId: key.leadId, channel: key.channel, externalId: key.externalId } },
    });
  await recordActivity(tx, [
    {
      userId: by,
      companyId: key.companyId,
      assetId: key.assetId,
      action: 'create',
      subjectType: CONVERSATIONS_SUBJECT,
      subjectId: created.id,
      after: { lead: key.leadId, customer: key.customerId, channel: key.channel },
    },
  ]);
  return created;
}

export interface NewMessage {
  direction: 'in' | 'out';
  body: string | null;
  templateName?: string | null;
  status: MessageStatus;
  externalId: string;
  authorName: string | null;
  sentById?: string | null;
  trigger?: string | null;
  sentAt: Date;
}

/**
 * Adds a message to the conversation once per provider id (a second write of the same id returns the stored row)
 * and moves the conversation's latest times; an inbound message opens WhatsApp's 24-hour window.
 */
export async function addMessage(
  tx: DbTx,
  conversation: Pick<ConversationRow, 'id' | 'companyId' | 'assetId' | 'lastInboundAt' | 'lastMessageAt'>,
  message: NewMessage,
): Promise<{ row: MessageRow; created: boolean }> {
  const [created] = await tx.message.createManyAndReturn({
    data: [
      {
        assetId: conversation.assetId,
        conversationId: conversation.id,
        direction: message.direction,
        body: message.body,
        templateName: message.templateName ?? null,
        status: message.status,
        externalId: message.externalId,
        authorName: message.authorName,
        sentById: message.sentById ?? null,
        trigger: message.trigger ?? null,
        sentAt: message.sentAt,
      },
    ],
    skipDuplicates: true,
  });
  if (!created) {
    const row = await tx.message.findUniqueOrThrow({
      where: { conversationId_externalId: { conversationId: conversation.id, externalId: message.externalId } },
    });
    return { row, created: false };
  }
  const later = (current: Date | null) => !current || current.getTime() < message.sentAt.getTime();
  await tx.conversation.update({
    where: { id: conversation.id },
    data: {
      ...(later(conversation.lastMessageAt) ? { lastMessageAt: message.sentAt } : {}),
      ...(message.direction === 'in' && later(conversation.lastInboundAt) ? { lastInboundAt: message.sentAt } : {}),
    },
  });
  await recordActivity(tx, [
    {
      userId: message.sentById ?? null,
      companyId: conversation.companyId,
      assetId: conversation.assetId,
      action: 'create',
      subjectType: CONVERSATIONS_SUBJECT,
      subjectId: conversation.id,
      // What happened, not what was said: the text stays in the conversation.
      after: { message: created.id, direction: created.direction, status: created.status, templateName: created.templateName },
    },
  ]);
  return { row: created, created: true };
}

/**
 * A provider's status report for the message with that id: applied when it moves the status forward (reports
 * arrive out of order), with its time; answers how many messages changed (0 when unknown or already further).
 */
export async function applyMessageStatus(
  tx: DbTx,
  assetId: string,
  externalId: string,
  report: { status: Exclude<MessageStatus, 'received'>; at: Date; error: string | null },
): Promise<{ found: boolean; changed: number }> {
  const rows = await tx.message.findMany({
    where: { assetId, externalId, direction: 'out' },
    include: { conversation: { select: { companyId: true } } },
  });
  let changed = 0;
  for (const row of rows) {
    const current = oneOf(MESSAGE_STATUSES, row.status, 'sent');
    const times = {
      ...(report.status === 'delivered' || report.status === 'read' ? { deliveredAt: row.deliveredAt ?? report.at } : {}),
      ...(report.status === 'read' ? { readAt: row.readAt ?? report.at } : {}),
      ...(report.status === 'failed' ? { failedAt: report.at, error: report.error } : {}),
    };
    if (MESSAGE_STATUS_RANK[report.status] <= MESSAGE_STATUS_RANK[current]) continue;
    await tx.message.update({ where: { id: row.id }, data: { status: report.status, ...times } });
    await recordActivity(tx, [
      {
        userId: null,
        companyId: row.conversation.companyId,
        assetId,
        action: 'update',
        subjectType: CONVERSATIONS_SUBJECT,
        subjectId: row.conversationId,
        before: { message: row.id, status: current },
        after: { message: row.id, status: report.status },
      },
    ]);
    changed += 1;
  }
  return { found: rows.length > 0, changed };
}

import {
  intercomText,
  IntercomConversationListSchema,
  IntercomConversationSchema,
  isIntercomCustomerAuthor,
  type IntercomConversation,
} from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import { addMessage, conversationFor } from '../../../conversations/index.js';
import { intercomForUser, readIntercomAnswer, type IntercomAccount } from './intercom-client.js';
import { findContact } from './intercom-contacts.js';

// A lead's customer's Intercom conversations, read for the lead's page (docs/api.md 'Intercom'): found by the
// customer's contact (`POST /conversations/search` on contact_ids), one conversation's parts by
// `GET /conversations/{id}`, and kept as our Conversation and Message rows so the page shows them when Intercom
// does not answer. Reading adds what is new; nothing we stored is changed by Intercom.

export interface LeadOfConversation {
  id: string;
  companyId: string;
  assetId: string;
  customerId: string;
  customer: { email: string | null };
}

type ReadDeps = Pick<AppDeps, 'db' | 'env' | 'log'>;

const MAX_CONVERSATIONS = 50;

/** One Intercom message as ours: the customer's side in, ours (admins, bots) out. */
function messageOf(part: {
  id: string;
  body?: string | null | undefined;
  created_at: number;
  author?: { type?: string | undefined; name?: string | null | undefined } | undefined;
}) {
  const inbound = isIntercomCustomerAuthor(part.author?.type);
  return {
    direction: inbound ? ('in' as const) : ('out' as const),
    body: intercomText(part.body),
    status: inbound ? ('received' as const) : ('sent' as const),
    externalId: part.id,
    authorName: part.author?.name ?? null,
    sentAt: new Date(part.created_at * 1000),
  };
}

/** Stores the conversation (its subject) and the messages it carries: its opening message and any parts. */
async function cache(deps: ReadDeps, lead: LeadOfConversation, conversation: IntercomConversation): Promise<void> {
  const opening = conversation.source?.body
    ? {
        id: `source-${conversation.source.id ?? conversation.id}`,
        body: conversation.source.body,
        created_at: conversation.created_at,
        author: conversation.source.author,
      }
    : null;
  const parts = (conversation.conversation_parts?.conversation_parts ?? []).filter((part) => intercomText(part.body));
  await deps.db.$transaction(async (tx) => {
    let row = await conversationFor(
      tx,
      {
        companyId: lead.companyId,
        assetId: lead.assetId,
        leadId: lead.id,
        customerId: lead.customerId,
        channel: 'intercom',
        externalId: conversation.id,
        subject: intercomText(conversation.title ?? conversation.source?.subject) ?? null,
      },
      null,
    );
    for (const part of [...(opening ? [opening] : []), ...parts]) {
      await addMessage(tx, row, messageOf(part));
      row = await tx.conversation.findUniqueOrThrow({ where: { id: row.id } });
    }
  });
}

/** Reads the customer's Intercom conversations into the lead's (no contact: nothing to read). */
export async function refreshIntercomConversations(deps: ReadDeps, account: IntercomAccount, lead: LeadOfConversation): Promise<void> {
  const contactId = await findContact(deps, account, { id: lead.customerId, email: lead.customer.email }, intercomForUser);
  if (!contactId) return;
  const answer = await intercomForUser(deps, account, {
    method: 'POST',
    path: '/conversations/search',
    json: {
      query: { field: 'contact_ids', operator: '=', value: contactId },
      pagination: { per_page: MAX_CONVERSATIONS },
      sort: { field: 'updated_at', order: 'descending' },
    },
  });
  const { conversations } = readIntercomAnswer(IntercomConversationListSchema, answer, 'its conversations');
  for (const conversation of conversations) await cache(deps, lead, conversation);
}

/** Reads one Intercom conversation's parts into our copy. */
export async function refreshIntercomConversation(
  deps: ReadDeps,
  account: IntercomAccount,
  lead: LeadOfConversation,
  externalId: string,
): Promise<void> {
  const answer = await intercomForUser(deps, account, {
    method: 'GET',
    path: `/conversations/${encodeURIComponent(externalId)}?display_as=plaintext`,
  });
  await cache(deps, lead, readIntercomAnswer(IntercomConversationSchema, answer, 'the conversation'));
}

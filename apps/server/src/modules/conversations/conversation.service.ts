import {
  MESSAGES,
  normalizePaging,
  paginatorMetaFor,
  UUID_PATTERN,
  CONVERSATION_MESSAGES as M,
  type LeadConversationResponse,
  type LeadConversationsResponse,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { assertLeadId } from '../leads/index.js';
import {
  usableIntercomAccount,
  refreshIntercomConversation,
  refreshIntercomConversations,
  type LeadOfConversation,
} from '../integrations/index.js';
import { listConversations, readConversation } from './conversation-store.js';

// GET properties/leads/{id}/conversations and {id}/conversations/{conversationId} (docs/api.md 'Lead conversations'):
// the lead's WhatsApp and Intercom conversations. With Intercom on, its conversations are read first into our copy;
// when Intercom does not answer (or refuses), the copy is answered with a warning saying so, never an error page.

type ReadDeps = Pick<AppDeps, 'db' | 'env' | 'log'>;

async function leadOf(deps: ReadDeps, assetId: string, leadId: string): Promise<LeadOfConversation> {
  assertLeadId(leadId);
  const lead = await deps.db.lead.findFirst({
    where: { id: leadId, assetId, deletedAt: null },
    select: { id: true, companyId: true, assetId: true, customerId: true, customer: { select: { email: true } } },
  });
  if (!lead) throw AppError.notFound(MESSAGES.lead.notFound);
  return lead;
}

/** Runs an Intercom read; a refusal (409) or no answer (503) becomes a warning, anything else stays an error. */
async function readIntercom(read: () => Promise<void>, warnings: string[]): Promise<void> {
  try {
    await read();
  } catch (error) {
    if (!(error instanceof AppError) || (error.statusCode !== 503 && error.statusCode !== 409)) throw error;
    warnings.push(error.statusCode === 503 ? M.intercomUnavailable : error.message);
  }
}

export async function leadConversations(deps: ReadDeps, assetId: string, leadId: string): Promise<LeadConversationsResponse> {
  const lead = await leadOf(deps, assetId, leadId);
  const warnings: string[] = [];
  const intercom = await usableIntercomAccount(deps, assetId);
  if (intercom) await readIntercom(() => refreshIntercomConversations(deps, intercom, lead), warnings);
  const data = await listConversations(deps.db, assetId, lead.id);
  return { data, meta: paginatorMetaFor(data.length, normalizePaging({ limit: -1 })), warnings };
}

export async function leadConversation(
  deps: ReadDeps,
  assetId: string,
  leadId: string,
  conversationId: string,
): Promise<LeadConversationResponse> {
  const lead = await leadOf(deps, assetId, leadId);
  if (!UUID_PATTERN.test(conversationId)) throw AppError.notFound(M.conversationNotFound);
  const warnings: string[] = [];
  const stored = await deps.db.conversation.findFirst({
    where: { id: conversationId, assetId, leadId: lead.id },
    select: { channel: true, externalId: true },
  });
  if (stored?.channel === 'intercom') {
    const intercom = await usableIntercomAccount(deps, assetId);
    if (intercom) await readIntercom(() => refreshIntercomConversation(deps, intercom, lead, stored.externalId), warnings);
  }
  return { data: await readConversation(deps.db, assetId, lead.id, conversationId), warnings };
}

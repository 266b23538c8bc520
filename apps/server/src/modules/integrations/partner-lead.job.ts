import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import {
  inboundFromPartner,
  InboundGeneralLeadPayloadSchema,
  InboundLeadSchema,
  INTEGRATION_MESSAGES as M,
  integrationProviders,
  isIntegrationProviderName,
  LeadUpsertPayloadSchema,
  PARTNER_CHANNEL_CONTACT_METHOD,
  PartnerLeadSchema,
  PERMISSIONS as P,
  splitPartnerPhone,
  UNIT_TYPES,
  type IntegrationProviderName,
  type InboundLead,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { AppDeps } from '../../core/deps.js';
import { defineJob } from '../../core/jobs/job-definition.js';
import { createRecord } from '../../resources/resource-write.service.js';
import { customerResource } from '../customers/index.js';
import { upsertLead } from '../leads/index.js';
import { storedConfig } from './integration-record.js';
import type { AccountRow } from './integration-accounts.js';
import { providerModule } from './providers/provider-registry.js';

// Makes the lead of a stored webhook event (a partner's or a portal's, pushed or polled) through the leads' own
// write path (docs/api.md 'Partner lead webhook', 'Portal lead intake'; docs/leads.md 'Leads from portals and
// partners'): the customer found by phone, else email, in the asset, or added; a listing lead for our listing, an
// off-plan lead for our project, else a general lead; upserted by (asset, inputSource = provider, sourceDataId =
// partner id), so a redelivery refreshes it and never makes a second one. Safe to run twice: a processed event is
// left alone, and the upsert's key holds across runs.

/** The integration acting as the author: a machine caller (like an API key) limited to adding leads and customers. */
export function integrationActor(integration: { id: string; assetId: string }, companyId: string, label: string): Actor {
  return {
    userId: integration.id,
    sessionId: integration.id,
    apiKeyId: integration.id,
    companyId,
    email: '',
    fullName: label,
    roleCode: 'INTEGRATION',
    permissions: [P.LEAD_ADD, P.LEAD_UPDATE, P.CUSTOMER_ADD, P.CUSTOMER_UPDATE, P.VIEW_SENSITIVE_INFORMATION],
    isRootUser: false,
    assetId: integration.assetId,
    assetIds: [integration.assetId],
  };
}

async function customerFor(deps: AppDeps, actor: Actor, assetId: string, lead: InboundLead): Promise<string> {
  const phones = lead.contact.phones.map((phone) => ({ phone, parsed: splitPartnerPhone(phone) }));
  const phone = phones.find((p) => p.parsed) ?? phones[0];
  const email = lead.contact.emails[0]?.toLowerCase() ?? null;
  const wheres = [
    ...phones.flatMap((p) => (p.parsed ? [{ phoneNumber: p.parsed.phoneNumber }] : [])),
    ...(email ? [{ email: { equals: email, mode: 'insensitive' as const } }] : []),
  ];
  for (const where of wheres) {
    const found = await deps.db.customer.findFirst({
      where: { assetId, deletedAt: null, ...where },
      select: { id: true },
      orderBy: { createdAt: 'asc' },
    });
    if (found) return found.id;
  }
  // The customer's own rules need an email and a phone: a lead without them is recorded on its event, not retried.
  if (!email || !phone) throw new UnrecoverableError(M.inboundLeadNoContact);
  const [firstName = lead.contact.fullName, ...rest] = lead.contact.fullName.split(/\s+/);
  const created = await createRecord({ deps, actor }, customerResource, {
    firstName,
    lastName: rest.join(' ') || null,
    email,
    // An unreadable phone is refused by the customer's own rules, and the event records why.
    phoneCode: phone.parsed?.phoneCode ?? '+971',
    phone: phone.parsed?.phone ?? phone.phone,
    type: 'Client',
  });
  return String(created._id);
}

/** A stored event's lead: normalised when received; events stored before portals came in hold the partner's body. */
/**
 * The member an agent hint names, if it is one we may route to (enabled, not a test agent, not deleted): a member's
 * email, or what the provider's own hint names (its declaration's `agentOfHint`: Property Finder's mapped profiles).
 */
async function memberOfHint(
  deps: Pick<AppDeps, 'db'>,
  provider: IntegrationProviderName,
  assetId: string,
  hint: string | null | undefined,
  account: Pick<AccountRow, 'id'> | null,
): Promise<string | null> {
  if (!hint) return null;
  if (!hint.includes('@')) return (await providerModule(provider).agentOfHint?.(deps, assetId, hint, account)) ?? null;
  const member = await deps.db.teamMember.findFirst({
    where: { assetId, enabled: true, isTest: false, deletedAt: null, email: { equals: hint.trim(), mode: 'insensitive' } },
    select: { id: true },
    orderBy: { createdAt: 'asc' },
  });
  return member?.id ?? null;
}

function inboundOf(provider: IntegrationProviderName, payload: unknown): InboundLead {
  const inbound = InboundLeadSchema.safeParse(payload);
  return inbound.success ? inbound.data : inboundFromPartner(provider, PartnerLeadSchema.parse(payload));
}

/** What the lead is about: our listing with that reference, else a project it names, else nothing of ours. */
async function subjectOf(deps: AppDeps, assetId: string, lead: InboundLead) {
  const listing = lead.listingReference
    ? await deps.db.listing.findFirst({
        where: { assetId, reference: lead.listingReference, deletedAt: null },
        select: { id: true, leadType: true },
      })
    : null;
  if (listing) return { kind: 'listing' as const, listing };
  // A portal names a project by name, a partner by its slug in the listing reference's place.
  for (const ref of [lead.projectRef, lead.listingReference]) {
    if (!ref) continue;
    const project = await deps.db.project.findFirst({
      where: {
        assetId,
        deletedAt: null,
        OR: [{ slug: { equals: ref, mode: 'insensitive' } }, { name: { equals: ref, mode: 'insensitive' } }, { sourceDataId: ref }],
      },
      select: { id: true, unitTypes: true },
      orderBy: { createdAt: 'asc' },
    });
    if (project) return { kind: 'project' as const, project };
  }
  return { kind: 'general' as const };
}

async function makeLead(
  deps: AppDeps,
  provider: IntegrationProviderName,
  event: { assetId: string; integrationId: string; accountId: string | null; payload: unknown },
) {
  const integration = await deps.db.integrationConfig.findUniqueOrThrow({ where: { id: event.integrationId }, include: { asset: true } });
  const label = integrationProviders[provider].label;
  const actor = integrationActor(integration, integration.asset.companyId, label);
  const lead = inboundOf(provider, event.payload);
  const config = storedConfig(integration);
  const customer = await customerFor(deps, actor, event.assetId, lead);
  // Our listing makes a listing lead (its agent takes it), a project an off-plan one (its agents); anything else is a
  // general lead, with the reference the provider gave kept in its remarks for the agent.
  const subject = await subjectOf(deps, event.assetId, lead);
  const reference = lead.listingReference ?? lead.projectRef ?? null;
  const remarks = [lead.message ?? '', subject.kind === 'general' && reference ? M.generalLeadRemarks(reference) : '']
    .filter(Boolean)
    .join('\n\n');
  const body = {
    customer,
    contactType: 'Buyer',
    // The agent the routing picks calls the customer back.
    action: 'Requires call from agent',
    ...(subject.kind === 'listing'
      ? { type: 'listing', listing: subject.listing.id, leadType: subject.listing.leadType }
      : subject.kind === 'project'
        ? { type: 'offplan', campaignName: subject.project.id, unitType: subject.project.unitTypes[0] ?? UNIT_TYPES[0] }
        : { type: 'general' }),
    source: typeof config.leadSource === 'string' ? config.leadSource : label,
    contactMethod: PARTNER_CHANNEL_CONTACT_METHOD[lead.channel],
    ...(provider === 'propertyfinder' && lead.channel === 'whatsapp' ? { enquiryMethod: 'WhatsApp Property Finder Bot' } : {}),
    ...(remarks ? { remarks } : {}),
    inputSource: provider,
    sourceDataId: lead.externalId,
  };
  // Parsed like an integrator's chekinio body: the same rules and defaults as POST properties/leads/chekinio; a
  // general lead without the search the provider never sends (docs/leads.md 'Leads from portals and partners').
  const payload = (subject.kind === 'general' ? InboundGeneralLeadPayloadSchema : LeadUpsertPayloadSchema).safeParse(body);
  // A body our lead rules refuse will not pass on a retry either.
  if (!payload.success)
    throw new UnrecoverableError(payload.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  // The provider's agent takes the lead only when nothing else routes it, and only an enabled member who is no test agent.
  const agentHint = await memberOfHint(deps, provider, event.assetId, lead.agentHint, event.accountId ? { id: event.accountId } : null);
  // The portal's own receipt time: the Portal Leads report's first response runs from it.
  const receivedAt = new Date(lead.receivedAt);
  const { lead: created } = await upsertLead(deps, actor, payload.data, {
    agentHint,
    receivedAt: Number.isFinite(receivedAt.getTime()) ? receivedAt : null,
  });
  return String(created._id);
}

export const partnerLeadJob = defineJob({
  id: 'partner-lead',
  payload: z.strictObject({ webhookEventId: z.uuid() }),
  // A burst of portal leads is made side by side; the lead intake serialises only the routing, under the asset's lock.
  concurrency: 8,
  attempts: 5,
  backoffMs: 30_000,
  handle: async ({ webhookEventId }, { deps }) => {
    const event = await deps.db.webhookEvent.findUnique({ where: { id: webhookEventId } });
    if (!event || event.status === 'processed' || !isIntegrationProviderName(event.provider)) return { skipped: true };
    try {
      const leadId = await makeLead(deps, event.provider, event);
      await deps.db.webhookEvent.update({
        where: { id: event.id },
        data: { status: 'processed', leadId, error: null, processedAt: deps.clock.now() },
      });
      return { leadId };
    } catch (error) {
      await deps.db.webhookEvent.update({
        where: { id: event.id },
        data: { status: 'failed', error: error instanceof Error ? error.message.slice(0, 1000) : String(error) },
      });
      throw error;
    }
  },
});

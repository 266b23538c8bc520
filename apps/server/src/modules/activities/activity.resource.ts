import { ACTIVITY_MESSAGES as M, ACTIVITY_TYPE_LABELS, type ActivityType, activityContract } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { defineResource } from '../../resources/resource-define.js';
import { leadResource } from '../leads/index.js';
import type { ResourceEventInput } from '../../core/events/domain-event.types.js';
import type { CommittedChange, Row, WriteHookInput } from '../../resources/resource.types.js';
import { assertRecurrence, createNextOccurrence } from './activity-series.js';

// Activities (GET/POST/PATCH/DELETE activities, docs/api.md 'Activities'): written through the engine; the customer
// and agent come from the lead or the deal when the body leaves them out; a new one tells of itself
// (activity.logged), which the lead and the deal answer (their latest activity, the deal's stale clock). A task created
// for a member, or given to another, tells of it (activity.assigned: the notifications tell them); marking a repeating
// task done creates its next occurrence (activity-series.ts).

const str = (value: unknown) => (typeof value === 'string' && value ? value : null);
/** What a person does with a lead that counts as contacting it. */
const CONTACT_TYPES = new Set<ActivityType>(['call', 'email', 'whatsapp', 'meeting']);

function assertReminder(body: Row, now: Date): void {
  const reminder = str(body.reminderAt);
  if (reminder && Date.parse(reminder) < now.getTime() - 60_000)
    throw AppError.validation({ reminderAt: [M.reminderPast] }, M.reminderPast);
}

async function activityDefaults({ tx, body, scope, deps }: WriteHookInput): Promise<Row> {
  if (!scope.assetId) throw AppError.forbidden('You have no asset to work in.');
  assertReminder(body, deps.clock.now());
  const out: Row = { createdAt: deps.clock.now() };
  const leadId = str(body.lead);
  const dealId = str(body.deal);
  const lead = leadId
    ? await tx.lead.findFirst({
        where: { id: leadId, assetId: scope.assetId, deletedAt: null },
        select: { customerId: true, agentId: true },
      })
    : null;
  if (leadId && !lead) throw AppError.validation({ lead: [M.notFound('Lead')] }, M.notFound('Lead'));
  const deal = dealId
    ? await tx.deal.findFirst({
        where: { id: dealId, assetId: scope.assetId, deletedAt: null },
        select: { customerId: true, agentId: true, leadId: true },
      })
    : null;
  if (dealId && !deal) throw AppError.validation({ deal: [M.notFound('Deal')] }, M.notFound('Deal'));
  if (body.customer === undefined) out.customerId = lead?.customerId ?? deal?.customerId ?? null;
  if (body.agent === undefined) out.agentId = lead?.agentId ?? deal?.agentId ?? null;
  if (!leadId && deal?.leadId) out.leadId = deal.leadId;
  return out;
}

/** activity.logged for a new activity: the line the lead shows, and whether a person's contact it was. */
function loggedEvent(record: CommittedChange['record'], assetId: string): ResourceEventInput {
  const type = String(record.type) as ActivityType;
  const creator = str(record.creator);
  const payload = {
    activityId: record._id,
    assetId,
    leadId: str(record.lead),
    dealId: str(record.deal),
    type,
    text: M.logged(ACTIVITY_TYPE_LABELS[type] ?? type, String(record.subject)),
    byPerson: creator !== null && CONTACT_TYPES.has(type),
    at: typeof record.createdAt === 'string' ? record.createdAt : new Date().toISOString(),
  };
  return { type: 'activity.logged', payload, assetId };
}

/** activity.assigned when a task gets an agent it did not have: created with one, or moved to another. */
function assignedEvents({ record, created, before }: CommittedChange, assetId: string): ResourceEventInput[] {
  const agentId = str(record.agent);
  if (record.type !== 'task' || !agentId || (!created && str(before?.agentId) === agentId)) return [];
  const payload = {
    activityId: record._id,
    assetId,
    agentId,
    leadId: str(record.lead),
    dealId: str(record.deal),
    userId: created ? str(record.creator) : (str(record.updatedBy) ?? str(record.creator)),
    at: typeof record.updatedAt === 'string' ? record.updatedAt : new Date().toISOString(),
  };
  return [{ type: 'activity.assigned', payload, assetId }];
}

export const activityResource = defineResource(activityContract, {
  model: 'activity',
  tag: 'activities',
  refs: {
    lead: { model: 'lead' },
    customer: { model: 'customer' },
    deal: { model: 'deal' },
    agent: { model: 'teamMember' },
  },
  // A task is a lead's next activity (the Leads report's 'No Next Activity'): its cached totals go with the commit.
  invalidates: () => [leadResource],
  // meta.total over a million activities of an asset (the Activities list): the exact count, cached per filter.
  cachedCount: true,
  hooks: {
    beforeCreate: activityDefaults,
    beforeUpdate: async (input) => {
      assertReminder(input.body, input.deps.clock.now());
      assertRecurrence(input.body, input.existing ?? {});
      await createNextOccurrence(input);
      return {};
    },
    events: (change, scope) => {
      if (!scope.assetId) return [];
      return [...(change.created ? [loggedEvent(change.record, scope.assetId)] : []), ...assignedEvents(change, scope.assetId)];
    },
  },
});

import {
  formatLeadId,
  isSpamOrExternalCustomer,
  LEAD_ASSIGNMENT_REASON,
  LEAD_STATUS,
  MESSAGES,
  planLeadSla,
  type CreatedLead,
  type LeadPayload,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { timeOrderedId } from '../../db/time-ordered-id.js';
import { LEAD_TX_OPTIONS, loadLeadSettings, type AssetLeadSettings, type LeadDeps } from './lead-context.js';
import { invalidateCachedCounts } from '../../resources/count-cache.js';
import { leadResource } from './lead.resource.js';
import { readLeadRecords } from './lead-record.js';
import { readLockedFacts, readReferenceFacts, referenceErrors, type AssetTurn, type RoutingFacts } from './lead-intake.facts.js';
import { chooseByStrategy, openLeadCounts, passesOverQuota, receivedToday, underQuota, type Candidate } from './lead-routing.service.js';
import { scheduleLeadClocks } from './lead-sla.job.js';
import { payloadColumns } from './lead-write.helpers.js';
import { historyRows, quotaWarnings, routeWithoutParent, type Placed, type Route } from './lead-intake.placement.js';
import { LeadSourceKnown, readKnownSources, sourceKeyText, type KnownSource, type LeadSourceKey } from './lead-source-key.js';
import { deliverRecordedEvents, outboxRows, type RecordedEvents } from '../../core/events/domain-event-outbox.js';
import { eventUserOf, leadCreatedEvent } from './lead-events.js';
import { activityStamps, insertLeads, leadCustomFieldRules, leadCustomFields, ownerColumns } from './lead-writer.js';

// New leads as a group commit (docs/leads.md 'Lead intake'): the creates that arrive together for one asset are saved
// in one transaction, the routing reads done once for all of them (customers locked, references, parents,
// agents), the asset's row lock taken once for the lot (the leadID sequence and the rotation advance lead by
// lead in arrival order, as if they came one at a time), one insert of the leads and their history, one of their
// lead.created events (their subscribers take the batch), then the clock jobs in one round trip to Redis. A lone
// create is a batch of one. One lead's bad input fails only that lead; an unexpected failure of the batch saves each
// of its leads again on its own.

const MAX_BATCH = 100;
/** Batches of one asset in flight at once: the next one reads while the last one holds the asset lock. */
const MAX_IN_FLIGHT = 2;
/** A deadline at least this far ahead is queued before the commit (scheduleEarlyClocks). */
const EARLY_CLOCK_MARGIN_MS = 60_000;

export interface NewLead {
  actor: Actor;
  payload: LeadPayload;
  manualDates: { initialSlaEndDate: Date; freePoolSlaEndDate: Date } | null;
  /** An integrator's lead (POST chekinio): the system that sent it and its id there; CRM leads have none. */
  sourceKey?: LeadSourceKey | null;
  /**
   * The member a portal or partner named for the lead (docs/leads.md 'Leads from portals and partners'): takes it
   * only when nothing else routes it (no parent, no listing agent, no project agent) and the member is eligible.
   */
  agentHint?: string | null;
}

interface Pending extends NewLead {
  resolve: (lead: CreatedLead) => void;
  reject: (error: unknown) => void;
}

interface AssetIntake {
  waiting: Pending[];
  scheduled: boolean;
  inFlight: number;
}

/** Per client (one app) and asset: the creates waiting for the next batch. */
const intakes = new WeakMap<object, Map<string, AssetIntake>>();

/** Queues a new lead of `assetId` for the next batch; settles with the saved lead or its own error. */
export function submitNewLead(deps: LeadDeps, assetId: string, lead: NewLead): Promise<CreatedLead> {
  let byAsset = intakes.get(deps.db);
  if (!byAsset) {
    byAsset = new Map();
    intakes.set(deps.db, byAsset);
  }
  let intake = byAsset.get(assetId);
  if (!intake) {
    intake = { waiting: [], scheduled: false, inFlight: 0 };
    byAsset.set(assetId, intake);
  }
  const queue = intake;
  return new Promise<CreatedLead>((resolve, reject) => {
    queue.waiting.push({ ...lead, resolve, reject });
    if (!queue.scheduled && queue.inFlight < MAX_IN_FLIGHT) {
      queue.scheduled = true;
      // The creates of this turn of the event loop join the same batch.
      setImmediate(() => {
        queue.scheduled = false;
        pump(deps, assetId, queue);
      });
    }
  });
}

/** Starts batches while fewer than MAX_IN_FLIGHT are being saved; each one finished starts the next. */
function pump(deps: LeadDeps, assetId: string, intake: AssetIntake): void {
  while (intake.inFlight < MAX_IN_FLIGHT && intake.waiting.length) {
    const batch = intake.waiting.splice(0, MAX_BATCH);
    intake.inFlight += 1;
    void saveBatch(deps, assetId, batch).finally(() => {
      intake.inFlight -= 1;
      pump(deps, assetId, intake);
    });
  }
}

type Outcome = { ok: true; lead: SavedLead; limitsWarning: string | null } | { ok: false; error: unknown };

interface SavedLead {
  id: string;
  isAccepted: boolean;
  isInFreePool: boolean;
  isAssignedFromLeadPool: boolean;
  initialSlaEndDate: Date | null;
  freePoolSlaEndDate: Date | null;
}

/**
 * Saves a batch; returns once it is committed (or has failed), so the next batch can start while this one's
 * callers are answered (clock jobs, count cache, records).
 */
async function saveBatch(deps: LeadDeps, assetId: string, batch: Pending[]): Promise<void> {
  let outcomes: Outcome[];
  let clocks: Promise<SavedLead[]> = Promise.resolve([]);
  let events: RecordedEvents = [];
  try {
    // What needs no lock is read on other connections while the transaction locks the customers.
    // The references' eligible agents depend on the settings (excludeTestAgents): read them first.
    const unlocked = loadLeadSettings(deps.db, assetId).then((settings) =>
      Promise.all([settings, readReferenceFacts(deps.db, assetId, batch, settings.excludeTestAgents)]),
    );
    unlocked.catch(() => undefined);
    outcomes = await deps.db.$transaction(async (tx) => {
      const locked = await readLockedFacts(tx, assetId, batch);
      // Under the asset's lock: no other batch of the asset can be inserting one of these keys meanwhile.
      const knownSources = await readKnownSources(tx, assetId, batch);
      const [settings, references] = await unlocked;
      const saved = await saveLeads(tx, settings, { ...references, ...locked, knownSources }, batch, deps.clock.now(), (routed) => {
        clocks = scheduleEarlyClocks(deps, routed);
      });
      events = saved.events;
      return saved.outcomes;
    }, LEAD_TX_OPTIONS);
  } catch (error) {
    if (batch.length === 1) {
      batch[0]?.reject(error);
      return;
    }
    // Not one lead's input (that fails the lead alone): save each on its own, so one cannot sink the others.
    for (const lead of batch) await saveBatch(deps, assetId, [lead]);
    return;
  }
  void answerBatch(deps, assetId, batch, outcomes, clocks, events);
}

/**
 * The clock jobs whose deadlines are well ahead go to Redis while the batch is written and committed: a job of
 * a lead that is then not committed finds no lead and changes nothing. A deadline that is near (or past) waits
 * for the commit, so its job cannot run before the lead exists. Resolves with the leads still to schedule.
 */
function scheduleEarlyClocks(deps: LeadDeps, routed: readonly SavedLead[]): Promise<SavedLead[]> {
  const soon = deps.clock.now().getTime() + EARLY_CLOCK_MARGIN_MS;
  const isEarly = (lead: SavedLead) =>
    [lead.initialSlaEndDate, lead.freePoolSlaEndDate].every((deadline) => !deadline || deadline.getTime() > soon);
  const early = routed.filter(isEarly);
  const late = routed.filter((lead) => !isEarly(lead));
  if (!early.length) return Promise.resolve(late);
  return scheduleLeadClocks(deps, early).then(() => late);
}

/** After commit: the count cache, the clock jobs, each caller's record (or its own error), then the events. Never throws. */
async function answerBatch(
  deps: LeadDeps,
  assetId: string,
  batch: Pending[],
  outcomes: Outcome[],
  earlyClocks: Promise<SavedLead[]>,
  events: RecordedEvents,
): Promise<void> {
  try {
    const saved = outcomes.flatMap((o) => (o.ok ? [o.lead] : []));
    // Side by side: none depends on another (the clock and the cache never fail the caller).
    const [records] = await Promise.all([
      readLeadRecords(
        deps.db,
        assetId,
        batch.flatMap((lead, i) => {
          const outcome = outcomes[i];
          return outcome?.ok ? [{ actor: lead.actor, id: outcome.lead.id }] : [];
        }),
        deps.clock.now(),
      ),
      saved.length ? invalidateCachedCounts(deps, leadResource, assetId) : undefined,
      earlyClocks.then((late) => (late.length ? scheduleLeadClocks(deps, late) : undefined)),
    ]);
    for (const [i, lead] of batch.entries()) {
      const outcome = outcomes[i];
      const record = outcome?.ok ? records.get(outcome.lead.id) : undefined;
      if (!outcome) lead.reject(new Error('lead not saved'));
      else if (!outcome.ok) lead.reject(outcome.error);
      else if (record) lead.resolve({ ...record, limitsWarning: outcome.limitsWarning });
      else lead.reject(AppError.notFound(MESSAGES.lead.notFound));
    }
  } catch (error) {
    // Saved, but the answer could not be read: each caller hears of it.
    for (const lead of batch) lead.reject(error);
  }
  // lead.created, recorded with the batch, once its callers have their answers (waiting for it cost a fifth of the
  // creation rate): its subscribers (the WhatsApp trigger, the Do Not Call check, the product events) take the batch's
  // events in one call each, handed over as recorded. A process that stops first leaves them to the sweep.
  await deliverRecordedEvents(deps, events);
}

/** The transaction: route every lead of the batch in arrival order, then write them all. */
async function saveLeads(
  tx: DbTx,
  settings: AssetLeadSettings,
  facts: RoutingFacts & { turn: AssetTurn; knownSources: Map<string, KnownSource> },
  batch: readonly NewLead[],
  now: Date,
  onRouted: (leads: SavedLead[]) => void,
): Promise<{ outcomes: Outcome[]; events: RecordedEvents }> {
  const assetId = settings.assetId;
  const { turn } = facts;
  const loads =
    settings.assignmentStrategy === 'round_robin' || !facts.eligible.length
      ? new Map<string, number>()
      : await openLeadCounts(
          tx,
          assetId,
          facts.eligible.map((m) => m.id),
        );
  // quotaAction 'next_agent': what each eligible member received today, kept up to date as the batch places leads.
  const received = passesOverQuota(settings)
    ? await receivedToday(
        tx,
        settings,
        facts.eligible.map((m) => m.id),
        now,
      )
    : null;
  let cursor = turn.roundRobinCursor;
  const outcomes: (Outcome | null)[] = batch.map(() => null);
  const placed: Placed[] = [];
  /** Parents made in this batch: a customer's first open lead here is the parent of their next. */
  const batchParents = new Map<string, { id: string; agent: Candidate }>();

  /** The integrators' keys this batch creates: a second arrival of one is the first one's redelivery. */
  const batchSources = new Map<string, KnownSource>();
  const customRules = await leadCustomFieldRules(tx, assetId);

  for (const [index, lead] of batch.entries()) {
    const columns = payloadColumns(lead.payload);
    const invalid = referenceErrors(facts, lead, columns);
    const custom = leadCustomFields(customRules, lead.payload.customFields);
    if (invalid || custom instanceof AppError) {
      outcomes[index] = { ok: false, error: invalid ?? (custom as AppError) };
      continue;
    }
    columns.customFields = custom;
    const sourceKey = lead.sourceKey ? sourceKeyText(lead.sourceKey) : null;
    const known = sourceKey ? (facts.knownSources.get(sourceKey) ?? batchSources.get(sourceKey)) : undefined;
    if (known) {
      outcomes[index] = { ok: false, error: new LeadSourceKnown(known) };
      continue;
    }
    const customerId = lead.payload.customer;
    const existing = facts.parents.get(customerId) ?? [];
    const preferred = lead.payload.parentId ? existing.find((p) => p.id === lead.payload.parentId) : undefined;
    const parent = preferred ?? existing[0] ?? batchParents.get(customerId) ?? null;
    let route: Route | AppError;
    if (parent?.agent) route = { kind: 'decided', agent: parent.agent, reason: LEAD_ASSIGNMENT_REASON.PARENT };
    else route = routeWithoutParent(facts, lead, columns);
    if (route instanceof AppError) {
      outcomes[index] = { ok: false, error: route };
      continue;
    }
    let agent: Candidate | null;
    if (route.kind === 'decided') agent = route.agent;
    else {
      const candidates = received ? underQuota(route.candidates, received, settings.dailyLeadQuota) : route.candidates;
      agent = chooseByStrategy(settings.assignmentStrategy, candidates, cursor, loads);
      if (agent) cursor = agent.id;
    }
    if (agent && received) received.set(agent.id, (received.get(agent.id) ?? 0) + 1);
    if (!agent) {
      outcomes[index] = { ok: false, error: AppError.validation({ agent: [MESSAGES.lead.agentNotFound] }, MESSAGES.lead.agentNotFound) };
      continue;
    }
    // Time-ordered, as every id the schema makes (schema.prisma): the leads' indexes grow at one edge.
    const id = timeOrderedId();
    if (lead.payload.status === LEAD_STATUS.OPEN) {
      loads.set(agent.id, (loads.get(agent.id) ?? 0) + 1);
      if (!parent && !batchParents.has(customerId)) batchParents.set(customerId, { id, agent });
    }
    const customerType = facts.customers.get(customerId)?.type ?? '';
    if (sourceKey) batchSources.set(sourceKey, { leadId: id, deleted: false });
    placed.push({
      index,
      id,
      agent,
      reason: route.kind === 'decided' ? route.reason : LEAD_ASSIGNMENT_REASON.AUTO,
      parentId: parent?.id ?? null,
      customerType,
      columns,
    });
  }
  if (!placed.length) return { outcomes: outcomes.map((o) => o ?? { ok: false, error: new Error('lead not routed') }), events: [] };

  const warnings = await quotaWarnings(tx, settings, placed, now);
  const rows: Prisma.LeadCreateManyInput[] = [];
  placed.forEach((lead, k) => {
    const input = batch[lead.index] as NewLead;
    const { payload, actor } = input;
    // Manual SLA is not open while the agent's quota warning stands; the form then saves the
    // automatic dates, and so does an API caller's lead (its answer carries the warning).
    const manualDates = warnings[k] ? null : input.manualDates;
    const sla = planLeadSla({
      now,
      settings,
      isChild: lead.parentId !== null,
      spamOrExternal: isSpamOrExternalCustomer(lead.customerType),
      isManualAssignment: lead.reason === LEAD_ASSIGNMENT_REASON.MANUAL,
      sendToPool: payload.sendToPool,
      manualDates,
    });
    rows.push({
      ...lead.columns,
      ...(input.manualDates && !manualDates ? { setAutoSLADetails: true } : {}),
      id: lead.id,
      // An API caller may leave the referrer out: the lead's routed agent referred it.
      referredById: lead.columns.referredById ?? lead.agent.id,
      companyId: settings.companyId,
      assetId,
      leadID: formatLeadId(turn.leadSequence + k + 1),
      customerId: payload.customer,
      ...ownerColumns(lead.agent, now),
      parentId: lead.parentId,
      // A child follows its parent's agent: never sent to the pool.
      sendToPool: lead.parentId ? false : payload.sendToPool,
      stage: payload.stage,
      status: payload.status,
      initialSlaEndDate: sla.initialSlaEndDate,
      freePoolSlaEndDate: sla.freePoolSlaEndDate,
      isInFreePool: sla.inPool,
      inputSource: input.sourceKey?.inputSource ?? 'CRM',
      sourceDataId: input.sourceKey?.sourceDataId ?? null,
      sourceReceivedAt: input.sourceKey?.receivedAt ?? null,
      dataSourceCreatedAt: now,
      createdAt: now,
      creatorId: actor.userId,
      creatorName: actor.fullName,
      ...activityStamps({ kind: 'created' }, actor, now),
    });
    outcomes[lead.index] = {
      ok: true,
      limitsWarning: warnings[k] ?? null,
      lead: {
        id: lead.id,
        isAccepted: false,
        isAssignedFromLeadPool: false,
        isInFreePool: sla.inPool,
        initialSlaEndDate: sla.initialSlaEndDate,
        freePoolSlaEndDate: sla.freePoolSlaEndDate,
      },
    };
  });
  onRouted(outcomes.flatMap((o) => (o?.ok ? [o.lead] : [])));
  // Their lead.created events go in with them, in the same statement.
  const events = outboxRows(
    placed.map((lead) => {
      const { actor, payload } = batch[lead.index] as NewLead;
      return leadCreatedEvent(
        { leadId: lead.id, companyId: settings.companyId, assetId },
        { customerId: payload.customer, agentId: lead.agent.id, stage: payload.stage, userId: eventUserOf(actor) },
      );
    }),
    now,
  );
  await insertLeads(tx, {
    assetId,
    rows,
    history: historyRows(placed, batch),
    now,
    leadSequence: turn.leadSequence + placed.length,
    cursor,
    events,
  });
  return { outcomes: outcomes.map((o) => o ?? { ok: false, error: new Error('lead not routed') }), events };
}

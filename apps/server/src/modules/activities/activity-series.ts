import {
  ACTIVITY_RECURRENCES,
  type ActivityRecurrence,
  dayOfMonthIn,
  nextOccurrenceDue,
  recurrenceIssues,
  type RecurrenceFacts,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { timeOrderedId } from '../../db/time-ordered-id.js';
import { recordActivity } from '../../resources/activity-log.js';
import type { Row, WriteHookInput } from '../../resources/resource.types.js';

// Recurring tasks (docs/product.md 'Activities'): marking an occurrence done creates the next one, in the done PATCH's
// own transaction. The next occurrence is keyed by its series (the first occurrence's id) and number, unique in the
// table: a retried PATCH, or two at once (the second waits on the first's key, then finds it taken), create it once.

const isRecurrence = (value: unknown): value is ActivityRecurrence =>
  typeof value === 'string' && (ACTIVITY_RECURRENCES as readonly string[]).includes(value);
const dateOf = (value: unknown): Date | null =>
  value instanceof Date ? value : typeof value === 'string' && value ? new Date(value) : null;
/** A PATCH's value of a field, else the stored one. */
const merged = (body: Row, existing: Row, key: string): unknown => (body[key] !== undefined ? body[key] : existing[key]);

/** The recurrence rules over the activity as a PATCH leaves it; throws the error envelope naming the field. */
export function assertRecurrence(body: Row, existing: Row): void {
  const facts: RecurrenceFacts = {
    type: String(merged(body, existing, 'type') ?? ''),
    dueAt: dateOf(merged(body, existing, 'dueAt')),
    recurrence: (merged(body, existing, 'recurrence') as string | null | undefined) ?? null,
    recurrenceUntil: dateOf(merged(body, existing, 'recurrenceUntil')),
  };
  const issues = recurrenceIssues(facts);
  const [first] = Object.values(issues);
  if (first) throw AppError.validation(Object.fromEntries(Object.entries(issues).map(([key, message]) => [key, [message]])), first);
}

/**
 * When the PATCH marks a repeating task done: its next occurrence (due one interval later on the asset's calendar,
 * the reminder as far before it as this one's was), unless that is after the series' end date. Answers its id when
 * this call created it.
 */
export async function createNextOccurrence({ tx, actor, deps, body, existing }: WriteHookInput): Promise<string | null> {
  if (!existing || existing.doneAt || !body.doneAt) return null;
  const recurrence = merged(body, existing, 'recurrence');
  const due = dateOf(merged(body, existing, 'dueAt'));
  if (!isRecurrence(recurrence) || !due || merged(body, existing, 'type') !== 'task') return null;
  const assetId = String(existing.assetId);
  const asset = await tx.asset.findUnique({ where: { id: assetId }, select: { timezone: true } });
  const seriesId = typeof existing.seriesId === 'string' ? existing.seriesId : String(existing.id);
  // Monthly keeps the first occurrence's day of month (Jan 31 -> Feb 28 -> Mar 31), not the clamped one before it.
  const first = seriesId === existing.id ? null : await tx.activity.findUnique({ where: { id: seriesId }, select: { dueAt: true } });
  const anchorDay = dayOfMonthIn(first?.dueAt ?? due, asset?.timezone);
  const nextDue = nextOccurrenceDue(due, recurrence, anchorDay, asset?.timezone);
  const until = dateOf(merged(body, existing, 'recurrenceUntil'));
  if (until && nextDue.getTime() > until.getTime()) return null;
  const reminder = dateOf(merged(body, existing, 'reminderAt'));
  const next = {
    id: timeOrderedId(),
    companyId: String(existing.companyId),
    assetId,
    type: 'task',
    subject: String(merged(body, existing, 'subject')),
    notes: (merged(body, existing, 'notes') as string | null) ?? null,
    leadId: (existing.leadId as string | null) ?? null,
    customerId: (existing.customerId as string | null) ?? null,
    dealId: (existing.dealId as string | null) ?? null,
    agentId: ((body.agent !== undefined ? body.agent : existing.agentId) as string | null) ?? null,
    dueAt: nextDue,
    durationMinutes: (merged(body, existing, 'durationMinutes') as number | null) ?? null,
    reminderAt: reminder ? new Date(reminder.getTime() + nextDue.getTime() - due.getTime()) : null,
    recurrence,
    recurrenceUntil: until,
    seriesId,
    occurrence: (typeof existing.occurrence === 'number' ? existing.occurrence : 0) + 1,
    createdAt: deps.clock.now(),
    creatorId: actor.userId,
    updatedById: actor.userId,
  };
  const { count } = await tx.activity.createMany({ data: [next], skipDuplicates: true });
  if (count === 0) return null;
  const { id, companyId, leadId, customerId, dealId, agentId, creatorId, updatedById, ...facts } = next;
  await recordActivity(
    tx,
    [
      {
        userId: actor.userId,
        companyId,
        assetId,
        action: 'create',
        subjectType: 'activities',
        subjectId: id,
        after: { ...facts, lead: leadId, customer: customerId, deal: dealId, agent: agentId },
      },
    ],
    deps.clock.now(),
  );
  return id;
}

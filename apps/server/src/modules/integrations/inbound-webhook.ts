import type { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { validationError } from '../../core/error-envelope.js';
import type { JobDefinition } from '../../core/jobs/job-definition.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { recordIntegrationLog, redactRaw, type IntegrationLogInput } from './integration-log.js';

// What every provider's webhook does alike (docs/api.md 'Webhooks'): its body read as JSON against the provider's
// schema, each event stored once and handled by a job of its own, and the call written to the integration log.

/** The body as JSON; not JSON: 400 in the error envelope. */
export function webhookJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw AppError.validation({ _: ['The body must be JSON.'] });
  }
}

/** The body read by the provider's schema; what it refuses: 400 with its field messages. */
export function webhookBody<S extends z.ZodType>(rawBody: Buffer, schema: S): z.output<S> {
  const parsed = schema.safeParse(webhookJson(rawBody));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Whose events they are. */
export interface WebhookEventOwner {
  assetId: string;
  integrationId: string;
  provider: string;
  accountId?: string | null;
}

/** One event as the provider sent it: its own id (what makes a redelivery a duplicate) and what the job reads. */
export interface IncomingWebhookEvent {
  externalEventId: string;
  payload: Prisma.InputJsonObject;
}

type EventJob = JobDefinition<z.ZodType<{ webhookEventId: string }, { webhookEventId: string }>>;

/**
 * Stores each event once (per integration and event id) and queues its job under `{job}-{event}`. A redelivered
 * event that was never handled (still 'received': its job could not be queued, Redis down or the process stopped
 * in between) is queued again, so the provider's retry of a call that failed here loses nothing; one whose job is
 * waiting or running joins it (same job id). Answers how many events were new.
 */
export async function storeWebhookEvents(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  owner: WebhookEventOwner,
  events: readonly IncomingWebhookEvent[],
  job: EventJob,
): Promise<number> {
  if (!events.length) return 0;
  const created = await deps.db.webhookEvent.createManyAndReturn({
    data: events.map((event) => ({
      assetId: owner.assetId,
      integrationId: owner.integrationId,
      accountId: owner.accountId ?? null,
      provider: owner.provider,
      externalEventId: event.externalEventId,
      payload: event.payload,
    })),
    skipDuplicates: true,
    select: { id: true, externalEventId: true },
  });
  const fresh = new Set(created.map((event) => event.externalEventId));
  const redelivered = events.filter((event) => !fresh.has(event.externalEventId)).map((event) => event.externalEventId);
  const unhandled = redelivered.length
    ? await deps.db.webhookEvent.findMany({
        where: { integrationId: owner.integrationId, externalEventId: { in: redelivered }, status: 'received' },
        select: { id: true },
      })
    : [];
  const queued = [...created, ...unhandled];
  if (queued.length)
    await deps.jobs.enqueueMany(
      job,
      queued.map((event) => ({ payload: { webhookEventId: event.id }, opts: { jobId: `${job.id}-${event.id}` } })),
    );
  return created.length;
}

/**
 * Handles an inbound call and writes it to the integration log once answered: 'ok', or 'duplicate' when `duplicate`
 * says so of the answer; 'rejected' for a bad signature (401, its body not kept: anyone may post one) or 'failed'
 * when handling throws, which is thrown on.
 */
export async function loggedWebhookCall<T>(
  deps: Pick<AppDeps, 'db' | 'log'>,
  call: { integration: IntegrationLogInput['integration']; operation: string; rawBody: Buffer },
  handle: () => Promise<T>,
  duplicate: (answer: T) => boolean,
): Promise<T> {
  const started = performance.now();
  const entry = { integration: call.integration, direction: 'inbound' as const, operation: call.operation };
  try {
    const answer = await handle();
    await recordIntegrationLog(deps, {
      ...entry,
      status: 200,
      outcome: duplicate(answer) ? 'duplicate' : 'ok',
      durationMs: performance.now() - started,
      requestBody: redactRaw(call.rawBody),
    });
    return answer;
  } catch (error) {
    const status = error instanceof AppError ? error.statusCode : 500;
    await recordIntegrationLog(deps, {
      ...entry,
      status,
      outcome: status === 401 ? 'rejected' : 'failed',
      durationMs: performance.now() - started,
      requestBody: status === 401 ? null : redactRaw(call.rawBody),
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}

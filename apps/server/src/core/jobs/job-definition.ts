import type { Job } from 'bullmq';
import type { z } from 'zod';
import type { AppDeps } from '../deps.js';

// One file per background job (`<name>.job.ts`): an id that is also its queue
// name, a zod payload schema checked when the job is queued and again when it runs, and a handler.
// BullMQ delivers at least once: a handler must be safe to run twice, e.g. upsert by a natural key,
// check a status row before acting, or pass a deterministic `jobId` when queueing to de-duplicate.

export interface JobContext {
  deps: AppDeps;
  job: Job;
  /** Aborted when shutdown gives up waiting for this job; long loops should check it. */
  signal: AbortSignal | undefined;
}

export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  /** Queue and job name, kebab-case and stable: renaming it orphans jobs already in Redis. */
  id: string;
  payload: Schema;
  handle: (payload: z.output<Schema>, ctx: JobContext) => Promise<unknown>;
  /** Worker settings; attempts/backoff apply to every job of this definition. */
  concurrency?: number;
  /** Attempts in all for a failing job; the wait between them doubles from `backoffMs`. */
  attempts?: number;
  backoffMs?: number;
  /**
   * Failures because PostgreSQL or Redis does not answer (`isDependencyDown`) are retried past `attempts`, until
   * they answer, the wait doubling up to `maxBackoffMs`; other failures still stop after `attempts`. For jobs an
   * outage must not lose (the lead SLA clock, docs/leads.md 'The clock').
   */
  retryThroughOutages?: { maxBackoffMs: number };
  /** At most `max` jobs started per `durationMs` across every worker of the queue (a provider's rate limit). */
  limiter?: { max: number; durationMs: number };
  /**
   * The wait before the next attempt, from the attempts made and the error (e.g. a provider's Retry-After); replaces
   * the doubling of `backoffMs`. Not combined with retryThroughOutages.
   */
  backoff?: (attemptsMade: number, error: Error | undefined, deps: AppDeps) => number;
  /**
   * A job that streams or writes a large amount (an import, an export, a feed build): once it ends, the memory its
   * garbage took is handed back (core/memory-release.ts `releaseAfterBulkWork`) instead of staying resident.
   */
  bulk?: boolean;
}

/** Identity helper that keeps the payload type flowing from the schema to the handler. */
export function defineJob<Schema extends z.ZodType>(definition: JobDefinition<Schema>): JobDefinition<Schema> {
  return definition;
}

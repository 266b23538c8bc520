import { recordSystemLog } from '../system-log.js';
import { Queue, Worker, type BackoffStrategy, type Job, type JobsOptions, type Processor } from 'bullmq';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { Logger } from 'pino';
import { AppError } from '../app-error.js';
import { validationError } from '../error-envelope.js';
import { isDependencyDown } from '../dependency-errors.js';
import { closeRedis, createWorkerRedis } from '../redis.js';
import type { AppDeps } from '../deps.js';
import type { JobDefinition } from './job-definition.js';
import { releaseAfterBulkWork } from '../memory-release.js';

export interface JobsRegistryOptions {
  redisUrl: string;
  /** env.REDIS_PREFIX: BullMQ's key prefix, so several environments (and test files) share one Redis. */
  prefix: string;
  /** Producer connection: the app's fail-fast client (shared, never closed here). */
  redis: Redis;
  /** env.RUN_WORKERS: a process may only produce (web) or also consume (worker). */
  runWorkers: boolean;
  log: Logger;
  /** Bound on waiting for active jobs at close (BullMQ's worker.close() has none of its own). */
  closeTimeoutMs: number;
  /** The handlers' dependencies; a getter because the registry is itself one of them. */
  deps: () => AppDeps;
}

export interface RegisterWorkerOptions {
  concurrency?: number;
  /** Used by jobs whose backoff type is not one of BullMQ's own (see retryThroughOutages). */
  backoffStrategy?: BackoffStrategy;
  /** BullMQ's queue-wide rate limit: at most `max` jobs per `duration` ms. */
  limiter?: { max: number; duration: number };
}

export interface JobsRegistry {
  readonly runsWorkers: boolean;
  /** The cached producer queue of that name (ask again each time rather than keeping the reference). */
  queue(name: string): Queue;
  /** A BullMQ worker for `name`, or null when this process does not run workers. */
  registerWorker<T = unknown, R = unknown>(name: string, processor: Processor<T, R>, opts?: RegisterWorkerOptions): Worker<T, R> | null;
  /** Validates the payload with the definition's schema and queues it (fails fast with 503 when Redis is down). */
  enqueue<S extends z.ZodType>(definition: JobDefinition<S>, payload: z.input<S>, opts?: JobsOptions): Promise<Job>;
  /** Several jobs of one definition in one round trip (BullMQ addBulk); same checks and failure as enqueue. */
  enqueueMany<S extends z.ZodType>(definition: JobDefinition<S>, jobs: { payload: z.input<S>; opts?: JobsOptions }[]): Promise<Job[]>;
  /** Registers the worker of a job definition: validates each payload, then runs its handler. */
  register<S extends z.ZodType>(definition: JobDefinition<S>): Worker | null;
  /** Closes workers (waiting at most `timeoutMs` for active jobs), then queues. Idempotent. */
  close(opts?: { timeoutMs?: number }): Promise<void>;
}

const ENQUEUE_TIMEOUT_MS = 2000;
/** BullMQ needs a bound on attempts: at the longest wait of any job that outlasts outages, this is months. */
const OUTAGE_ATTEMPTS = 1_000_000;
const OUTAGE_BACKOFF = 'outage-aware';
const DEFINITION_BACKOFF = 'definition';

/**
 * The wait before retry `attemptsMade + 1` of a retryThroughOutages job: doubling from `backoffMs` up to the cap;
 * -1 (BullMQ: do not retry) once an error that is not an outage has used up the definition's attempts.
 */
export function outageAwareBackoff(definition: Pick<JobDefinition, 'attempts' | 'backoffMs' | 'retryThroughOutages'>): BackoffStrategy {
  const base = definition.backoffMs ?? 1000;
  const cap = definition.retryThroughOutages?.maxBackoffMs ?? base;
  return (attemptsMade, _type, error) => {
    if (!isDependencyDown(error) && attemptsMade >= (definition.attempts ?? 1)) return -1;
    return Math.min(cap, base * 2 ** Math.min(attemptsMade - 1, 30));
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<{ done: true; value: T } | { done: false }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ done: false }>((resolve) => {
    timer = setTimeout(() => resolve({ done: false }), ms);
  });
  return Promise.race([promise.then((value) => ({ done: true as const, value })), timeout]).finally(() => clearTimeout(timer));
}

export function createJobsRegistry(options: JobsRegistryOptions): JobsRegistry {
  const queues = new Map<string, Queue>();
  const workers = new Map<string, Worker>();
  let workerRedis: Redis | undefined;
  let closing: Promise<void> | undefined;

  function queue(name: string): Queue {
    let existing = queues.get(name);
    if (!existing) {
      existing = new Queue(name, {
        connection: options.redis,
        prefix: options.prefix,
        // Producers run inside requests: fail instead of waiting for a Redis that is not there.
        skipWaitingForReady: true,
        defaultJobOptions: { removeOnComplete: 1000, removeOnFail: 5000 },
      });
      existing.on('error', (error) => options.log.warn({ err: error, queue: name }, 'queue error'));
      queues.set(name, existing);
    }
    return existing;
  }

  function registerWorker<T, R>(name: string, processor: Processor<T, R>, opts: RegisterWorkerOptions = {}): Worker<T, R> | null {
    if (!options.runWorkers) return null;
    if (closing) throw new Error(`jobs registry is closing; cannot register worker '${name}'`);
    if (workers.has(name)) throw new Error(`a worker for '${name}' is already registered`);
    // Workers block on Redis and must retry forever (BullMQ requires maxRetriesPerRequest: null);
    // BullMQ duplicates this connection for each worker and closes the duplicates itself.
    workerRedis ??= createWorkerRedis(options.redisUrl);
    const worker = new Worker<T, R>(name, processor, {
      connection: workerRedis,
      prefix: options.prefix,
      concurrency: opts.concurrency ?? 1,
      ...(opts.backoffStrategy ? { settings: { backoffStrategy: opts.backoffStrategy } } : {}),
      ...(opts.limiter ? { limiter: opts.limiter } : {}),
    });
    worker.on('error', (error) => options.log.error({ err: error, queue: name }, 'worker error'));
    worker.on('failed', (job, error) => {
      options.log.warn({ err: error, queue: name, jobId: job?.id, attempts: job?.attemptsMade }, 'job failed');
      // Failed for good (no attempt left): Admin > System logs shows it.
      if (job?.finishedOn) {
        const deps = options.deps();
        void recordSystemLog(deps, {
          source: 'job',
          event: 'job.failed',
          message: error.message,
          queue: name,
          jobId: job.id ?? null,
          attempts: job.attemptsMade,
        });
      }
    });
    workers.set(name, worker as unknown as Worker);
    return worker;
  }

  function jobOptionsOf(definition: JobDefinition<z.ZodType>, opts: JobsOptions = {}): JobsOptions {
    if (definition.retryThroughOutages) {
      // The worker's backoff strategy (outageAwareBackoff) decides when to stop, not BullMQ's attempt count.
      return { attempts: OUTAGE_ATTEMPTS, backoff: { type: OUTAGE_BACKOFF }, ...opts };
    }
    if (definition.backoff) return { attempts: definition.attempts ?? 1, backoff: { type: DEFINITION_BACKOFF }, ...opts };
    return {
      ...(definition.attempts ? { attempts: definition.attempts } : {}),
      ...(definition.backoffMs ? { backoff: { type: 'exponential', delay: definition.backoffMs } } : {}),
      ...opts,
    };
  }

  /** Runs one add against the definition's queue; a Redis that does not answer in time is a 503. */
  async function addTo<T>(definition: JobDefinition<z.ZodType>, add: (target: Queue) => Promise<T>): Promise<T> {
    const target = queue(definition.id);
    const added = await withTimeout(add(target), ENQUEUE_TIMEOUT_MS).catch((error: unknown) => {
      options.log.error({ err: error, queue: definition.id }, 'enqueue failed');
      return { done: false as const };
    });
    if (!added.done) {
      // A queue whose first connection attempt failed stays failed in BullMQ: drop it so the next call
      // builds a fresh one once Redis is back.
      if (queues.get(definition.id) === target) queues.delete(definition.id);
      void target.close().catch(() => undefined);
      throw new AppError('SERVICE_UNAVAILABLE', 'The job queue is unavailable, please try again later.');
    }
    return added.value;
  }

  function definitionBackoff(backoff: NonNullable<JobDefinition['backoff']>): BackoffStrategy {
    return (attemptsMade, _type, error) => backoff(attemptsMade, error, options.deps());
  }

  function checkedPayload<S extends z.ZodType>(definition: JobDefinition<S>, payload: z.input<S>): z.output<S> {
    const parsed = definition.payload.safeParse(payload);
    if (!parsed.success) throw validationError(parsed.error);
    return parsed.data;
  }

  async function enqueue<S extends z.ZodType>(definition: JobDefinition<S>, payload: z.input<S>, opts: JobsOptions = {}): Promise<Job> {
    const data = checkedPayload(definition, payload);
    return addTo(definition, (target) => target.add(definition.id, data, jobOptionsOf(definition, opts)));
  }

  async function enqueueMany<S extends z.ZodType>(
    definition: JobDefinition<S>,
    jobs: { payload: z.input<S>; opts?: JobsOptions }[],
  ): Promise<Job[]> {
    if (!jobs.length) return [];
    const bulk = jobs.map((job) => ({
      name: definition.id,
      data: checkedPayload(definition, job.payload),
      opts: jobOptionsOf(definition, job.opts),
    }));
    return addTo(definition, (target) => target.addBulk(bulk));
  }

  function register<S extends z.ZodType>(definition: JobDefinition<S>): Worker | null {
    return registerWorker(
      definition.id,
      async (job, _token, signal) => {
        // Checked again here: the payload may have been queued by an older release.
        const payload = definition.payload.parse(job.data);
        if (!definition.bulk) return definition.handle(payload, { deps: options.deps(), job, signal });
        try {
          return await definition.handle(payload, { deps: options.deps(), job, signal });
        } finally {
          releaseAfterBulkWork();
        }
      },
      {
        concurrency: definition.concurrency ?? 1,
        ...(definition.retryThroughOutages ? { backoffStrategy: outageAwareBackoff(definition) } : {}),
        ...(definition.backoff && !definition.retryThroughOutages ? { backoffStrategy: definitionBackoff(definition.backoff) } : {}),
        ...(definition.limiter ? { limiter: { max: definition.limiter.max, duration: definition.limiter.durationMs } } : {}),
      },
    );
  }

  async function closeAll(timeoutMs: number) {
    const pending = [...workers.entries()].map(async ([name, worker]) => {
      const result = await withTimeout(worker.close(), timeoutMs);
      if (!result.done) {
        options.log.warn(
          { queue: name, timeoutMs },
          'worker did not finish its active jobs in time; abandoning them (they will be retried)',
        );
        worker.cancelAllJobs('shutdown');
      }
    });
    await Promise.all(pending);
    await Promise.all(
      [...queues.values()].map((q) => q.close().catch((error: unknown) => options.log.warn({ err: error }, 'queue close failed'))),
    );
    if (workerRedis) await closeRedis(workerRedis);
  }

  return {
    runsWorkers: options.runWorkers,
    queue,
    registerWorker,
    enqueue,
    enqueueMany,
    register,
    close: (opts = {}) => (closing ??= closeAll(opts.timeoutMs ?? options.closeTimeoutMs)),
  };
}

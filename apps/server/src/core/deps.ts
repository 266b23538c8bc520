import type { Redis } from 'ioredis';
import type { Db } from '../db/prisma.js';
import type { Env } from '../env.js';
import type { Logger } from 'pino';
import type { EventBus } from './events/domain-event.types.js';
import type { JobsRegistry } from './jobs/jobs-registry.js';
import type { Mailer } from './mailer.js';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still where it is set: the demo seed runs each service at its scenario's moment. */
export interface SettableClock extends Clock {
  set(date: Date): void;
}

export function settableClock(start: Date): SettableClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
  };
}

/** What services receive explicitly (docs/architecture.md 'Request flow'): tests pass a real database and may pass a fixed clock. */
export interface AppDeps {
  env: Env;
  db: Db;
  redis: Redis;
  clock: Clock;
  log: Logger;
  /** BullMQ queues and workers (core/jobs): `jobs.enqueue(definition, payload)`, `jobs.register(definition)`. */
  jobs: JobsRegistry;
  /** Every module's subscribers of domain events (core/events): whom an event recorded by a write is delivered to. */
  events: EventBus;
  /** Outgoing mail (core/mailer.ts): SMTP when SMTP_URL is set, else the log; tests inject a memory one. */
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

import { pino } from 'pino';
import { DEFAULT_ROLES } from '@crm/domain';
import type { Actor } from '../core/actor.js';
import { settableClock, type AppDeps, type SettableClock } from '../core/deps.js';
import type { JobsRegistry } from '../core/jobs/jobs-registry.js';
import { dbInTransaction } from '../db/db-in-transaction.js';
import type { DbTx } from '../db/prisma.js';

// What the modules' demo seeds run the services with: the seed's transaction (under its advisory lock), a clock the
// seed moves to each scenario's moment, no queued jobs and no event subscribers.

export type DemoDeps = Pick<AppDeps, 'db' | 'log' | 'jobs'> & { clock: SettableClock };

/**
 * Queues nothing: the demo's clock deadlines are applied by the seed's own SLA sweeps, and those after `now` by the
 * server's sweep (docs/leads.md 'The clock'), as after a lost job.
 */
const noJobs: JobsRegistry = {
  runsWorkers: false,
  queue: () => {
    throw new Error('the demo seed queues no jobs');
  },
  registerWorker: () => null,
  enqueue: () => Promise.reject(new Error('the demo seed queues no jobs')),
  enqueueMany: () => Promise.resolve([]),
  register: () => null,
  close: () => Promise.resolve(),
};

export function demoDeps(tx: DbTx, now: Date): DemoDeps {
  return { db: dbInTransaction(tx), clock: settableClock(now), log: pino({ level: 'silent' }), jobs: noJobs };
}

/** A demo user as the services see a caller: their role's permissions, every asset of theirs. */
export function demoActor(
  user: { id: string; email: string; fullName: string; role: string },
  companyId: string,
  assetIds: string[],
): Actor {
  const role = DEFAULT_ROLES.find((candidate) => candidate.code === user.role);
  return {
    userId: user.id,
    sessionId: `demo-seed:${user.id}`,
    companyId,
    email: user.email,
    fullName: user.fullName,
    roleCode: user.role,
    permissions: [...(role?.permissions ?? [])],
    isRootUser: false,
    assetId: assetIds[0] ?? null,
    assetIds,
  };
}

import type { ServerModule } from '../../modules/module.js';
import { domainEventSweepJob, startDomainEventSweep } from './domain-event-sweep.job.js';

// The outbox's part of the composition root: its sweep runs where the workers run.
export const domainEventsModule: ServerModule = {
  name: 'domain-events',
  jobs: [domainEventSweepJob],
  startWorkers: (deps) => startDomainEventSweep(deps),
};

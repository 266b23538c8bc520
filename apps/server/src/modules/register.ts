import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { resourceRoutes } from '../resources/resource.routes.js';
import { trpcPlugin } from '../trpc/trpc.plugin.js';
import { activitiesModule } from './activities/activities.module.js';
import { adminModule } from './admin/admin.module.js';
import { apiKeysModule } from './api-keys/api-keys.module.js';
import { assetsModule } from './assets/assets.module.js';
import { conversationsModule } from './conversations/conversations.module.js';
import { authModule } from './auth/auth.module.js';
import { customersModule } from './customers/customers.module.js';
import { customFieldsModule } from './custom-fields/custom-fields.module.js';
import { dealsModule } from './deals/deals.module.js';
import { faqsModule } from './faqs/faqs.module.js';
import { reportsModule } from './reports/reports.module.js';
import { reviewsModule } from './reviews/reviews.module.js';
import { healthModule } from './health/health.module.js';
import { homeModule } from './home/home.module.js';
import { importsModule } from './imports/imports.module.js';
import { integrationsModule } from './integrations/integrations.module.js';
import { leadsModule } from './leads/leads.module.js';
import { listingsModule } from './listings/listings.module.js';
import { lookupsModule } from './lookups/lookups.module.js';
import { membersModule } from './members/members.module.js';
import { notificationsModule } from './notifications/notifications.module.js';
import type { ServerModule } from './module.js';
import { domainEventsModule } from '../core/events/domain-events.module.js';
import { profileModule } from './profile/profile.module.js';
import { projectsModule } from './projects/projects.module.js';
import { storageModule } from './storage/storage.module.js';
import { timelineModule } from './timeline/timeline.module.js';
import { viewingsModule } from './viewings/viewings.module.js';

// The composition root: every domain module, in one explicit list. A new domain is its `<name>.module.ts` plus one
// line here (and its tRPC router in trpc/app-router.ts). The integrations' providers are not listed here: the
// integrations module serves them from its provider registry (integrations/providers/provider-registry.ts).
export const MODULES: readonly ServerModule[] = [
  healthModule,
  domainEventsModule,
  authModule,
  profileModule,
  assetsModule,
  customersModule,
  leadsModule,
  lookupsModule,
  storageModule,
  membersModule,
  listingsModule,
  projectsModule,
  faqsModule,
  customFieldsModule,
  adminModule,
  apiKeysModule,
  notificationsModule,
  integrationsModule,
  conversationsModule,
  importsModule,
  viewingsModule,
  dealsModule,
  activitiesModule,
  homeModule,
  timelineModule,
  reviewsModule,
  reportsModule,
];

/** Every module's event subscribers (deps.events). */
/** The OpenAPI document's tags, each declared by the module that owns it. */
export const OPENAPI_TAGS = MODULES.flatMap((module) => [
  ...(module.openapiTag ? [module.openapiTag] : []),
  ...(module.providedTags ?? []),
]);
export const SUBSCRIBERS = MODULES.flatMap((module) => module.subscribers ?? []);

/** Every declared call group of every module (calls/call-doors.test.ts walks them). */
export const CALL_GROUPS = MODULES.flatMap((module) => module.calls ?? []);

/** Every generic resource of every module. */
export const RESOURCES = MODULES.flatMap((module) => module.resources ?? []);

function redisReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.on('ready', done);
  });
}

/**
 * Every module's workers, and what starts with them (the SLA sweep's scheduler), in a process that runs workers: the
 * all-in-one server (RUN_WORKERS unset or true) and the worker process (worker.ts). An API-only instance
 * (RUN_WORKERS=false) only queues.
 */
export function registerJobs(app: FastifyInstance) {
  const { jobs } = app.deps;
  if (!jobs.runsWorkers) return;
  for (const module of MODULES) for (const definition of module.jobs ?? []) jobs.register(definition);
  const stops: (() => void)[] = [];
  app.addHook('onReady', async () => {
    // The producer connection fails fast rather than queueing commands: a worker process is ready within
    // milliseconds, before Redis has answered, and the sweep's schedule would then wait for its fallback timer.
    await redisReady(app.deps.redis, 5000);
    for (const module of MODULES) if (module.startWorkers) stops.push(await module.startWorkers(app.deps));
  });
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
  });
}

/** Every module's REST routes, the generic resources' routes, the jobs and the tRPC door. */
export async function registerApiModules(app: FastifyInstance) {
  registerJobs(app);
  await app.register(resourceRoutes(RESOURCES));
  for (const module of MODULES) {
    for (const served of module.calls ?? []) await app.register(served.routes);
    if (module.routes) await app.register(module.routes);
  }
  await app.register(trpcPlugin);
}

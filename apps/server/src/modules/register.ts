import type { FastifyInstance } from 'fastify';
import { trpcPlugin } from '../trpc/trpc.plugin.js';
import { healthRoutes } from './health/health.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { profileRoutes } from './profile/profile.routes.js';
import { assetsRoutes } from './assets/assets.routes.js';
import { resourceRoutes } from '../resources/resource.routes.js';
import { leadRoutes } from './leads/lead.routes.js';
import { customerRoutes } from './customers/customers.routes.js';
import { lookupRoutes } from './lookups/lookups.routes.js';
import { storageRoutes } from './storage/storage.routes.js';

/** Every domain's REST routes and the tRPC door, registered in one explicit list. */
export async function registerApiModules(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(assetsRoutes);
  await app.register(resourceRoutes);
  await app.register(leadRoutes);
  await app.register(customerRoutes);
  await app.register(lookupRoutes);
  await app.register(storageRoutes);
  await app.register(trpcPlugin);
}

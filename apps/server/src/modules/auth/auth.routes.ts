import type { FastifyInstance } from 'fastify';
import { registerAuthRateLimits } from './auth-rate-limit.js';

// The auth calls are declared (auth.calls.ts); this plugin only sets up the rate-limit budgets they, the profile's
// password change and the invitation's acceptance spend (auth-rate-limit.ts).
export async function authRoutes(fastify: FastifyInstance) {
  await registerAuthRateLimits(fastify);
}

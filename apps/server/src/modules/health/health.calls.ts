import { healthCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { NotReadyError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';

/** Whether PostgreSQL and Redis answer; Redis gets 1.5 s, as a probe must not hang. */
async function probe({ db, redis }: Pick<AppDeps, 'db' | 'redis'>): Promise<string[]> {
  const [database, cache] = await Promise.all([
    db.$queryRaw`SELECT 1`.then(
      () => true,
      () => false,
    ),
    Promise.race([
      redis.ping().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1500)),
    ]),
  ]);
  return [!database && 'database', !cache && 'redis'].filter((down): down is string => Boolean(down));
}

// Liveness and readiness (packages/domain/src/health/health.calls.ts), both doors from these handlers.
export const healthDoors = serveCalls(healthCalls, {
  live: async () => ({ status: 'ok' as const }),
  ready: async ({ deps }) => {
    const down = await probe(deps);
    // 503 in the error envelope, naming the ones down; a failing probe is not a failed request to log.
    if (down.length) throw new NotReadyError(down);
    return { status: 'ready' as const, database: 'up' as const, redis: 'up' as const };
  },
});

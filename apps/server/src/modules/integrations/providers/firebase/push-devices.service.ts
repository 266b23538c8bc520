import { maskSecret, PUSH_MESSAGES, type PushDevice, type PushTokenInput, type PushTokenRemove } from '@crm/domain';
import type { Actor } from '../../../../core/actor.js';
import { AppError } from '../../../../core/app-error.js';
import type { AppDeps } from '../../../../core/deps.js';

// The signed-in person's devices for push notifications (POST/GET/DELETE /api/profile/push-tokens). A token is one
// device: registering a token another person had moves it to the caller (one device, one person signed in).

type Deps = Pick<AppDeps, 'db' | 'clock'>;

function toDevice(row: { id: string; platform: string | null; token: string; createdAt: Date; lastSeenAt: Date }): PushDevice {
  return {
    _id: row.id,
    platform: row.platform === 'ios' || row.platform === 'android' || row.platform === 'web' ? row.platform : null,
    tokenHint: maskSecret(row.token),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  };
}

/** Devices belong to people: an integrator's API key has none. */
function personOf(actor: Actor): string {
  if (actor.apiKeyId) throw AppError.forbidden('Push devices belong to a signed-in person, not an API key.');
  return actor.userId;
}

export async function registerPushToken(deps: Deps, actor: Actor, input: PushTokenInput): Promise<PushDevice> {
  const userId = personOf(actor);
  const now = deps.clock.now();
  const row = await deps.db.pushDevice.upsert({
    where: { token: input.token },
    create: { userId, token: input.token, platform: input.platform ?? null, createdAt: now, lastSeenAt: now },
    update: { userId, lastSeenAt: now, ...(input.platform ? { platform: input.platform } : {}) },
  });
  return toDevice(row);
}

export async function listPushDevices(deps: Deps, actor: Actor): Promise<PushDevice[]> {
  const rows = await deps.db.pushDevice.findMany({ where: { userId: personOf(actor) }, orderBy: { lastSeenAt: 'desc' } });
  return rows.map(toDevice);
}

/** A device signing out forgets its token; another person's token is not found (404). */
export async function removePushToken(deps: Deps, actor: Actor, input: PushTokenRemove): Promise<{ removed: true }> {
  const removed = await deps.db.pushDevice.deleteMany({ where: { token: input.token, userId: personOf(actor) } });
  if (!removed.count) throw AppError.notFound(PUSH_MESSAGES.notFound);
  return { removed: true };
}

import type { AppDeps } from '../../../../core/deps.js';
import { activeIntegration } from '../../active-integration.js';
import { firebasePushJob } from './firebase-push.job.js';

// Staff notifications also go to their people's devices (notification-jobs.ts calls this for each batch it mails):
// one push job per notification and registered device, for the assets with Firebase configured and on. The job id
// names both, so the same batch seen twice queues nothing twice. Never fails the mail run: it only logs.

export async function queueNotificationPushes(
  deps: Pick<AppDeps, 'db' | 'env' | 'jobs' | 'log'>,
  notifications: readonly { id: string; assetId: string; userId: string }[],
): Promise<void> {
  if (!notifications.length) return;
  try {
    const assets = [...new Set(notifications.map((n) => n.assetId))];
    const pushing = new Set<string>();
    for (const assetId of assets) if (await activeIntegration(deps, assetId, 'firebase')) pushing.add(assetId);
    const wanted = notifications.filter((n) => pushing.has(n.assetId));
    if (!wanted.length) return;
    const devices = await deps.db.pushDevice.findMany({
      where: { userId: { in: [...new Set(wanted.map((n) => n.userId))] } },
      select: { id: true, userId: true },
    });
    await deps.jobs.enqueueMany(
      firebasePushJob,
      wanted.flatMap((n) =>
        devices
          .filter((device) => device.userId === n.userId)
          .map((device) => ({
            payload: { notificationId: n.id, deviceId: device.id },
            opts: { jobId: `firebase-push-${n.id}-${device.id}` },
          })),
      ),
    );
  } catch (error) {
    deps.log.warn({ err: error }, 'could not queue the push notifications');
  }
}

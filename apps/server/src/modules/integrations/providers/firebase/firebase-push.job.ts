import { z } from 'zod';
import { LINKS, staffNotificationText, type StaffNotificationKind } from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { providerJobPolicy } from '../../provider-job-policy.js';
import { activeIntegration, asProviderJob } from '../../active-integration.js';
import { sendPush } from './firebase-push.js';

// A staff notification pushed to one device of its person, when the notification's asset has Firebase configured and
// on (queued by the notification tick beside its mail: notification-push.ts). One job per notification and device
// (its id names both), so a redelivery sends nothing twice; a device FCM calls UNREGISTERED is removed.

export const firebasePushJob = defineJob({
  id: 'firebase-push',
  payload: z.strictObject({ notificationId: z.uuid(), deviceId: z.uuid() }),
  ...providerJobPolicy('firebase'),
  handle: async ({ notificationId, deviceId }, { deps }) => {
    const [notification, device] = await Promise.all([
      deps.db.staffNotification.findUnique({
        where: { id: notificationId },
        select: { assetId: true, userId: true, kind: true, leadId: true, dealId: true, activityId: true },
      }),
      deps.db.pushDevice.findUnique({ where: { id: deviceId }, select: { userId: true, token: true } }),
    ]);
    if (!notification || !device || device.userId !== notification.userId) return { skipped: 'device or notification gone' };
    const integration = await activeIntegration(deps, notification.assetId, 'firebase');
    if (!integration) return { skipped: 'Firebase is off' };
    const message = await pushMessageOf(deps, { ...notification, kind: notification.kind as StaffNotificationKind }, device.token);
    const result = await asProviderJob(() => sendPush(deps, integration, message));
    if (result.outcome === 'unregistered') await deps.db.pushDevice.deleteMany({ where: { id: deviceId, token: device.token } });
    return result;
  },
});

/** The push's title names the activity's subject for an activity's kinds, else the lead's number; it links the deal or lead. */
async function pushMessageOf(
  deps: Pick<AppDeps, 'db' | 'env'>,
  notification: { kind: StaffNotificationKind; leadId: string | null; dealId: string | null; activityId: string | null },
  token: string,
) {
  const [lead, activity] = await Promise.all([
    notification.leadId ? deps.db.lead.findUnique({ where: { id: notification.leadId }, select: { leadID: true } }) : null,
    notification.activityId ? deps.db.activity.findUnique({ where: { id: notification.activityId }, select: { subject: true } }) : null,
  ]);
  const path =
    notification.activityId && notification.dealId
      ? LINKS.deal(notification.dealId)
      : notification.leadId
        ? LINKS.leadDetail(notification.leadId)
        : null;
  const link = path ? new URL(path, deps.env.APP_URL).toString() : deps.env.APP_URL;
  return {
    token,
    title: staffNotificationText(notification.kind, activity ? activity.subject : (lead?.leadID ?? null)),
    body: 'Open it in the CRM.',
    data: {
      kind: notification.kind,
      link,
      ...(notification.leadId ? { leadId: notification.leadId } : {}),
      ...(notification.activityId ? { activityId: notification.activityId } : {}),
    },
  };
}

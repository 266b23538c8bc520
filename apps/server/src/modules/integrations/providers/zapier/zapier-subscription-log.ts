import type { DbTx } from '../../../../db/prisma.js';
import { recordActivity, type ActivityActor } from '../../../../resources/activity-log.js';

// A Zapier subscription's rows in the activity log (docs/architecture.md 'The activity log'): made by Zapier's subscribe
// call (the API key's row), removed by its unsubscribe call, or by the delivery job when Zapier answered 410 (no user).

export const ZAPIER_SUBSCRIPTION_SUBJECT = 'zapierSubscriptions';

interface Subscription {
  id: string;
  assetId: string;
  event: string;
  targetUrl: string;
}

/** What a history shows of a subscription: its trigger and the target's host (the URL's path is Zapier's secret). */
const shown = (row: Subscription) => ({
  event: row.event,
  target: URL.canParse(row.targetUrl) ? new URL(row.targetUrl).origin : null,
});

export function recordSubscriptionChange(
  tx: DbTx,
  actor: ActivityActor,
  change: { action: 'create' | 'delete'; subscription: Subscription },
  now: Date,
): Promise<void> {
  const { action, subscription } = change;
  return recordActivity(
    tx,
    [
      {
        userId: actor.userId,
        companyId: actor.companyId,
        assetId: subscription.assetId,
        action,
        subjectType: ZAPIER_SUBSCRIPTION_SUBJECT,
        subjectId: subscription.id,
        ...(action === 'create' ? { after: shown(subscription) } : { before: shown(subscription) }),
      },
    ],
    now,
  );
}

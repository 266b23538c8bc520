import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { ZapierHookPayloadSchema, type ProductEventType, type ZapierHookPayload } from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { providerJobPolicy } from '../../provider-job-policy.js';
import { callProviderForAnswer, isRetryableStatus, ProviderCallError } from '../../provider-call.js';
import { activeIntegration, configList } from '../../active-integration.js';
import { recordSubscriptionChange } from './zapier-subscription-log.js';
import { isAllowedTarget } from './zapier-targets.js';

// Zapier REST hooks, the sending side: each product event a subscription's trigger names is POSTed to its targetUrl
// by one job per (subscription, event), so a redelivery posts nothing twice. 2xx: delivered; 410 Gone: Zapier turned
// the Zap off, so the subscription is removed; 408, 429, 5xx and no answer: retried (provider-job-policy.ts); another
// refusal ends the job (Admin > System logs). A trigger switched off in the settings sends nothing.

export const zapierDeliverJob = defineJob({
  id: 'zapier-deliver',
  payload: z.strictObject({ subscriptionId: z.uuid(), eventId: z.uuid() }),
  ...providerJobPolicy('zapier'),
  handle: async ({ subscriptionId, eventId }, { deps }) => {
    const [subscription, event] = await Promise.all([
      deps.db.zapierSubscription.findUnique({ where: { id: subscriptionId } }),
      deps.db.productEvent.findUnique({ where: { id: eventId } }),
    ]);
    if (!subscription || !event || subscription.assetId !== event.assetId) return { skipped: 'subscription or event gone' };
    const integration = await activeIntegration(deps, subscription.assetId, 'zapier');
    const enabled = integration ? configList(integration.config, 'enabledTriggers') : [];
    if (!integration || (enabled.length && !enabled.includes(subscription.event))) return { skipped: 'trigger off' };
    if (!isAllowedTarget(deps.env, subscription.targetUrl)) throw new UnrecoverableError('The target URL is not a Zapier address.');
    const payload: ZapierHookPayload = ZapierHookPayloadSchema.parse({
      id: event.id,
      event: subscription.event,
      occurredAt: event.occurredAt.toISOString(),
      asset: event.assetId,
      data: event.payload,
    });
    const target = new URL(subscription.targetUrl);
    const { status } = await callProviderForAnswer(deps, integration.row, integration.label, target.origin, {
      method: 'POST',
      path: `${target.pathname}${target.search}`,
      // The hook URL's path is Zapier's secret for this Zap: the log names the trigger instead.
      operation: `POST hook ${subscription.event}`,
      json: payload,
    });
    if (status === 410) {
      const { companyId } = await deps.db.asset.findUniqueOrThrow({ where: { id: subscription.assetId }, select: { companyId: true } });
      const now = deps.clock.now();
      await deps.db.$transaction(async (tx) => {
        const removed = await tx.zapierSubscription.deleteMany({ where: { id: subscription.id } });
        if (removed.count) await recordSubscriptionChange(tx, { userId: null, companyId }, { action: 'delete', subscription }, now);
      });
      return { unsubscribed: true };
    }
    if (status >= 200 && status < 300) return { delivered: true, status };
    const error = new ProviderCallError(
      `Zapier answered HTTP ${status} to the ${subscription.event} hook.`,
      status,
      isRetryableStatus(status),
    );
    if (!error.retryable) throw new UnrecoverableError(error.message);
    throw error;
  },
});

/** The asset's subscriptions to these event types, when Zapier is configured and on and the trigger enabled. */
export async function zapierSubscribers(deps: Pick<AppDeps, 'db' | 'env'>, assetId: string, types: readonly ProductEventType[]) {
  const integration = await activeIntegration(deps, assetId, 'zapier');
  if (!integration) return [];
  const enabled = configList(integration.config, 'enabledTriggers');
  const allowed = types.filter((type) => !enabled.length || enabled.includes(type));
  if (!allowed.length) return [];
  return deps.db.zapierSubscription.findMany({ where: { assetId, event: { in: allowed } }, select: { id: true, event: true } });
}

export async function queueZapierDeliveries(
  deps: Pick<AppDeps, 'jobs'>,
  events: readonly { id: string; type: string }[],
  subscribers: readonly { id: string; event: string }[],
): Promise<void> {
  const jobs = events.flatMap((event) =>
    subscribers
      .filter((sub) => sub.event === event.type)
      .map((sub) => ({ payload: { subscriptionId: sub.id, eventId: event.id }, opts: { jobId: `zapier-${sub.id}-${event.id}` } })),
  );
  await deps.jobs.enqueueMany(zapierDeliverJob, jobs);
}

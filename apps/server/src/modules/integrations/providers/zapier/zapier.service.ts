import {
  leadContract,
  listingContract,
  PERMISSIONS as P,
  ZAPIER_MESSAGES as M,
  ZAPIER_TRIGGERS,
  ZapierHookPayloadSchema,
  type PermissionCode,
  type ZapierActionInfo,
  type ZapierMe,
  type ZapierSubscribeInput,
  type ZapierSubscription,
  type ZapierTrigger,
  type ZapierTriggerInfo,
} from '@crm/domain';
import type { Actor } from '../../../../core/actor.js';
import { AppError } from '../../../../core/app-error.js';
import { actorCan, assertAssetOf, assetOfActor } from '../../../../core/authorization.js';
import type { AppDeps } from '../../../../core/deps.js';
import { findIntegration, storedConfig } from '../../integration-record.js';
import { configList, requiredIntegration } from '../../active-integration.js';
import { recordSubscriptionChange } from './zapier-subscription-log.js';
import { isAllowedTarget } from './zapier-targets.js';

// Zapier REST hooks, the receiving side (docs/api.md 'Zapier'): Zapier subscribes a target URL to a trigger of the
// key's asset and unsubscribes it, authenticated by one of the asset's API keys (docs/api.md 'API keys'); the key must
// be allowed to read what the trigger sends. The lookups list the triggers (with a sample) and the actions.

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock'>;

const TRIGGER_INFO: Record<ZapierTrigger, { label: string; read: readonly PermissionCode[]; available: boolean }> = {
  'lead.created': { label: 'New lead', read: leadContract.permissions.read, available: true },
  'lead.stage_changed': { label: 'Lead stage changed', read: leadContract.permissions.read, available: true },
  'listing.published': { label: 'Listing published', read: listingContract.permissions.read, available: true },
  'deal.won': { label: 'Deal won', read: [P.DEALS_VIEW], available: true },
};

const toSubscription = (row: { id: string; event: string; targetUrl: string; createdAt: Date }): ZapierSubscription => ({
  _id: row.id,
  event: row.event as ZapierTrigger,
  targetUrl: row.targetUrl,
  createdAt: row.createdAt.toISOString(),
});

export async function subscribeZapierHook(deps: Deps, actor: Actor, input: ZapierSubscribeInput): Promise<ZapierSubscription> {
  const assetId = assetOfActor(actor);
  if (!actorCan(actor, TRIGGER_INFO[input.event].read)) throw AppError.forbidden();
  const integration = await requiredIntegration(deps, assetId, 'zapier');
  const enabled = configList(integration.config, 'enabledTriggers');
  if (enabled.length && !enabled.includes(input.event))
    throw AppError.conflict(M.triggerOff(input.event), { provider: 'zapier', reason: 'TRIGGER_OFF' });
  if (!isAllowedTarget(deps.env, input.targetUrl)) throw AppError.validation({ targetUrl: [M.targetUrl] }, M.targetUrl);
  // Subscribing the same URL to the same trigger again is the same subscription: nothing new is stored or logged.
  const key = { assetId, event: input.event, targetUrl: input.targetUrl };
  const now = deps.clock.now();
  const row = await deps.db.$transaction(async (tx) => {
    const [created] = await tx.zapierSubscription.createManyAndReturn({
      data: [{ ...key, apiKeyId: actor.apiKeyId ?? null }],
      skipDuplicates: true,
    });
    if (!created) return tx.zapierSubscription.findUniqueOrThrow({ where: { assetId_event_targetUrl: key } });
    await recordSubscriptionChange(tx, actor, { action: 'create', subscription: created }, now);
    return created;
  });
  return toSubscription(row);
}

export async function unsubscribeZapierHook(deps: Deps, actor: Actor, id: string): Promise<ZapierSubscription> {
  const assetId = assetOfActor(actor);
  const row = await deps.db.zapierSubscription.findFirst({ where: { id, assetId } });
  if (!row) throw AppError.notFound(M.subscriptionNotFound);
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    const removed = await tx.zapierSubscription.deleteMany({ where: { id: row.id } });
    if (removed.count) await recordSubscriptionChange(tx, actor, { action: 'delete', subscription: row }, now);
  });
  return toSubscription(row);
}

/** Zapier's authentication test: which asset the key opens. */
export async function zapierMe(deps: Deps, actor: Actor): Promise<ZapierMe> {
  const assetId = assetOfActor(actor);
  await requiredIntegration(deps, assetId, 'zapier');
  const asset = await deps.db.asset.findUniqueOrThrow({ where: { id: assetId }, select: { id: true, name: true } });
  const key = actor.apiKeyId ? await deps.db.apiKey.findUnique({ where: { id: actor.apiKeyId }, select: { name: true } }) : null;
  return { asset, keyName: key?.name ?? null };
}

const SAMPLE_TIME = '2026-01-01T09:00:00.000Z';
const SAMPLE_LEAD = {
  id: '00000000-0000-7000-8000-000000000001',
  leadID: 'L-000001',
  stage: 'New',
  status: 'Open',
  previousStage: null,
  leadType: 'listing',
  source: 'Website',
  inputSource: null,
  trackingLink: null,
  agent: { id: '00000000-0000-7000-8000-000000000002', name: 'Sara Agent' },
  customer: { id: '00000000-0000-7000-8000-000000000003', fullName: 'Omar Client', email: 'omar@example.com', phoneNumber: '971501234567' },
  createdAt: SAMPLE_TIME,
};
const SAMPLE_LISTING = {
  id: '00000000-0000-7000-8000-000000000004',
  reference: 'SAL-0001',
  title: 'Two-bedroom apartment with a marina view',
  leadType: 'Sale',
  status: 'Published',
  price: 2_400_000,
  city: 'Dubai',
  community: 'Dubai Marina',
  bedrooms: 2,
  shortUrl: null,
  agent: { id: '00000000-0000-7000-8000-000000000002', name: 'Sara Agent' },
};

const SAMPLE_DEAL = {
  id: '00000000-0000-7000-8000-000000000005',
  title: 'Omar Client · SAL-0001',
  pipeline: 'sale',
  stage: 'closed-won',
  value: 240_000_000,
  commission: 4_800_000,
  currency: 'AED',
  leadId: '00000000-0000-7000-8000-000000000001',
  customer: { id: '00000000-0000-7000-8000-000000000003', fullName: 'Omar Client' },
  agent: { id: '00000000-0000-7000-8000-000000000002', name: 'Sara Agent' },
  closedAt: SAMPLE_TIME,
};

function sampleOf(trigger: ZapierTrigger, assetId: string) {
  const data =
    trigger === 'deal.won'
      ? SAMPLE_DEAL
      : trigger === 'listing.published'
        ? SAMPLE_LISTING
        : { ...SAMPLE_LEAD, ...(trigger === 'lead.stage_changed' ? { stage: 'Qualified', previousStage: 'New' } : {}) };
  return ZapierHookPayloadSchema.parse({
    id: '00000000-0000-7000-8000-000000000009',
    event: trigger,
    occurredAt: SAMPLE_TIME,
    asset: assetId,
    data,
  });
}

/** GET triggers/zapier: every trigger, switched on or not, with its subscriptions and a sample of what it sends. */
export async function zapierTriggers(deps: Deps, actor: Actor, assetId: string): Promise<ZapierTriggerInfo[]> {
  assertAssetOf(actor, assetId);
  const row = await findIntegration(deps, assetId, 'zapier');
  const enabled = configList(storedConfig(row), 'enabledTriggers');
  const counts = await deps.db.zapierSubscription.groupBy({ by: ['event'], where: { assetId }, _count: { _all: true } });
  return ZAPIER_TRIGGERS.map((key) => ({
    key,
    label: TRIGGER_INFO[key].label,
    enabled: Boolean(row?.enabled) && (!enabled.length || enabled.includes(key)),
    available: TRIGGER_INFO[key].available,
    subscriptions: counts.find((count) => count.event === key)?._count._all ?? 0,
    sample: sampleOf(key, assetId),
  }));
}

/** GET actions/zapier: what a Zap may do with the asset's API key, through the leads' own calls. */
export function zapierActions(actor: Actor, assetId: string): ZapierActionInfo[] {
  assertAssetOf(actor, assetId);
  return [
    {
      key: 'lead.create',
      label: 'Create or update a lead',
      method: 'POST',
      path: '/api/properties/leads/chekinio',
      permissions: [P.LEAD_ADD, P.LEAD_UPDATE],
      description: "Creates the lead, or updates the one with the same inputSource and sourceDataId (the Zap's record id).",
    },
    {
      key: 'lead.update',
      label: 'Update a lead',
      method: 'PATCH',
      path: '/api/properties/leads/cms/{id}',
      permissions: [P.LEAD_UPDATE],
      description: "Updates a lead's form fields (never its stage or status).",
    },
  ];
}

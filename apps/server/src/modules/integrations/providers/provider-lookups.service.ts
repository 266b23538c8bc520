import type { ProviderOption } from '@crm/domain';
import type { Actor } from '../../../core/actor.js';
import type { AppDeps } from '../../../core/deps.js';
import { assertAssetOf } from '../../../core/authorization.js';
import { requiredIntegration } from '../active-integration.js';
import * as activeCampaign from './activecampaign/activecampaign-client.js';
import * as sendGrid from './sendgrid/sendgrid-client.js';

// The provider lookups the integration forms pick from (docs/api.md 'Integrations'): 409 while the provider is not
// configured or is switched off, 503 when it does not answer, the provider's own refusal as a 409.

type Deps = Pick<AppDeps, 'db' | 'env' | 'log'>;

export const ACTIVECAMPAIGN_LOOKUPS = {
  'contacts-lists': activeCampaign.contactLists,
  'tags-lists': activeCampaign.tags,
  'fields-lists': activeCampaign.fields,
} as const;
export type ActiveCampaignLookup = keyof typeof ACTIVECAMPAIGN_LOOKUPS;

export async function sendGridContactLists(deps: Deps, actor: Actor, assetId: string): Promise<ProviderOption[]> {
  assertAssetOf(actor, assetId);
  return sendGrid.contactLists(deps, await requiredIntegration(deps, assetId, 'sendgrid'));
}

export async function activeCampaignLookup(
  deps: Deps,
  actor: Actor,
  assetId: string,
  lookup: ActiveCampaignLookup,
): Promise<ProviderOption[]> {
  assertAssetOf(actor, assetId);
  return ACTIVECAMPAIGN_LOOKUPS[lookup](deps, await requiredIntegration(deps, assetId, 'activecampaign'));
}

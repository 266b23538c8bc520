import type { IntegrationProviderName, SyncModule } from '@crm/domain';
import { engageSync } from '../providers/engage/engage-sync.js';
import { activeCampaignSync } from '../providers/activecampaign/activecampaign-sync.js';
import { goyzerSync } from '../providers/goyzer/goyzer-sync.js';
import { intercomSync } from '../providers/intercom/intercom-sync.js';
import { propertyFinderSync } from '../providers/propertyfinder/propertyfinder-sync.js';
import { salesforceSync } from '../providers/salesforce/salesforce-sync.js';
import { sendGridSync } from '../providers/sendgrid/sendgrid-sync.js';
import type { SyncAdapter } from './sync-work.js';

// Every provider whose synchronisation is built, by name: its queue (provider-sync.job.ts) exists only for these.
// A helper adding a provider adds its adapter here (one line); `modules/{x}` and `synchronization/{x}` read it.

export const SYNC_ADAPTERS = {
  propertyfinder: propertyFinderSync,
  salesforce: salesforceSync,
  goyzer: goyzerSync,
  engage: engageSync,
  sendgrid: sendGridSync,
  activecampaign: activeCampaignSync,
  intercom: intercomSync,
} satisfies Partial<Record<IntegrationProviderName, SyncAdapter>>;

export type SyncProviderName = keyof typeof SYNC_ADAPTERS;

export const hasSyncAdapter = (provider: IntegrationProviderName): provider is SyncProviderName => Object.hasOwn(SYNC_ADAPTERS, provider);

/** Whether the provider's sync of that module is built. */
export function canSync(provider: IntegrationProviderName, module: SyncModule): boolean {
  return hasSyncAdapter(provider) && Boolean((SYNC_ADAPTERS[provider] as SyncAdapter)[module]);
}

import { INTEGRATION_MESSAGES as M, type IntegrationConfig, type IntegrationProviderName, type SyncModule } from '@crm/domain';
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

/**
 * What a provider's config must say before a module's run can do anything: synchronization/{x} refuses (400) rather
 * than queue a run bound to fail. The adapter checks again when it runs (the config may change in between).
 */
const SYNC_PRECONDITIONS: Partial<Record<SyncProviderName, (config: IntegrationConfig, modules: readonly SyncModule[]) => string | null>> =
  {
    sendgrid: (config, modules) =>
      modules.includes('customers') && config.syncCustomers !== true
        ? M.customerSyncOff('SendGrid', 'Sync customers to contact lists')
        : null,
  };

/** Why these modules of the provider cannot run with this config, or null. */
export function syncRefusal(provider: IntegrationProviderName, config: IntegrationConfig, modules: readonly SyncModule[]): string | null {
  return hasSyncAdapter(provider) ? (SYNC_PRECONDITIONS[provider]?.(config, modules) ?? null) : null;
}

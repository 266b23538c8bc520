import type { IntegrationConfig, IntegrationProviderName, SyncModule } from '@crm/domain';
import { providerModule, type SyncProviderName } from '../providers/provider-registry.js';
import type { SyncAdapter } from './sync-work.js';

// Which providers synchronise what, read from their declarations (providers/provider-registry.ts): a provider's queue
// (provider-sync.job.ts) exists only when it declares a `sync` adapter; `modules/{x}` and `synchronization/{x}` read it.
// Looked up when called, never at load: the registry's providers import the sync queue that imports this file.

export type { SyncProviderName };

export const hasSyncAdapter = (provider: IntegrationProviderName): provider is SyncProviderName => Boolean(providerModule(provider).sync);

/** The adapter of a provider that synchronises. */
export function syncAdapterOf(provider: SyncProviderName): SyncAdapter {
  const sync = providerModule(provider).sync;
  if (!sync) throw new Error(`${provider} declares no sync adapter`);
  return sync.adapter;
}

/** Whether the provider's sync of that module is built. */
export function canSync(provider: IntegrationProviderName, module: SyncModule): boolean {
  return Boolean(providerModule(provider).sync?.adapter[module]);
}

/**
 * Why these modules of the provider cannot run with this config, or null (its declaration's sync precondition):
 * synchronization/{x} refuses (400) rather than queue a run bound to fail. The adapter checks again when it runs.
 */
export function syncRefusal(provider: IntegrationProviderName, config: IntegrationConfig, modules: readonly SyncModule[]): string | null {
  return providerModule(provider).sync?.precondition?.(config, modules) ?? null;
}

import { describe, expect, it } from 'vitest';
import { INTEGRATION_PROVIDER_NAMES, integrationProviders, type IntegrationConfig } from '@crm/domain';
import { integrationsModule } from '../integrations.module.js';
import { providerSyncJobs, syncQueueName } from '../sync/provider-sync.job.js';
import { canSync, syncRefusal } from '../sync/sync-adapters.js';
import {
  connectionTests,
  providerCalls,
  providerJobs,
  providerModule,
  providerRegistry,
  providers,
  providerSubscribers,
  syncAdapters,
  syncProviderNames,
} from './provider-registry.js';

const PROVIDERS = providers();
const SYNC_PROVIDER_NAMES = syncProviderNames();
const CONNECTION_TESTS = connectionTests();
const PROVIDER_JOBS = providerJobs();
const PROVIDER_SUBSCRIBERS = providerSubscribers();

// The provider registry is the one list of providers: every provider of packages/domain has exactly one declaration,
// and what the platform derives from it (sync adapters and queues, connection tests, jobs, subscribers) is exactly
// what the declarations say.

const withPart = <K extends 'sync' | 'connection'>(part: K) =>
  PROVIDERS.filter((provider) => provider[part]).map((provider) => provider.name);

describe('the provider registry', () => {
  it('has exactly one declaration per provider of the domain, under its name', () => {
    expect(Object.keys(providerRegistry()).sort()).toEqual([...INTEGRATION_PROVIDER_NAMES].sort());
    for (const [name, declaration] of Object.entries(providerRegistry())) expect(declaration().name).toBe(name);
    expect(new Set(PROVIDERS).size).toBe(INTEGRATION_PROVIDER_NAMES.length);
    for (const name of INTEGRATION_PROVIDER_NAMES) expect(providerModule(name)).toBe(providerRegistry()[name]());
  });

  it('derives the sync adapters, their queues and what canSync and syncRefusal answer', () => {
    // The providers whose sync is built (docs/api.md 'Integrations'), each with its own queue.
    expect([...SYNC_PROVIDER_NAMES].sort()).toEqual([
      'activecampaign',
      'engage',
      'goyzer',
      'intercom',
      'propertyfinder',
      'salesforce',
      'sendgrid',
    ]);
    expect(SYNC_PROVIDER_NAMES).toEqual(withPart('sync'));
    expect(syncAdapters()).toEqual(Object.fromEntries(PROVIDERS.flatMap((p) => (p.sync ? [[p.name, p.sync.adapter]] : []))));
    const jobs = providerSyncJobs();
    expect(Object.keys(jobs)).toEqual(SYNC_PROVIDER_NAMES);
    for (const name of SYNC_PROVIDER_NAMES) expect(jobs[name].id).toBe(syncQueueName(name));
    for (const provider of PROVIDERS)
      for (const module of integrationProviders[provider.name].syncModules)
        expect(canSync(provider.name, module), `${provider.name} ${module}`).toBe(Boolean(provider.sync?.adapter[module]));
    const off = { syncCustomers: false } as IntegrationConfig;
    expect(syncRefusal('sendgrid', off, ['customers'])).toMatch(/Sync customers to contact lists/);
    expect(syncRefusal('salesforce', off, ['customers'])).toBeNull();
  });

  it('derives the connection tests: exactly the providers with the connection-test capability', () => {
    expect(Object.keys(CONNECTION_TESTS)).toEqual(withPart('connection'));
    const withCapability = INTEGRATION_PROVIDER_NAMES.filter((name) => integrationProviders[name].capabilities.includes('connection-test'));
    expect(Object.keys(CONNECTION_TESTS).sort()).toEqual([...withCapability].sort());
  });

  it('serves every declared job and subscriber once, through the integrations module', () => {
    const declaredJobs = new Set(PROVIDERS.flatMap((provider) => provider.jobs ?? []));
    expect(new Set(PROVIDER_JOBS)).toEqual(declaredJobs);
    expect(PROVIDER_JOBS.length).toBe(declaredJobs.size);
    const moduleJobs = integrationsModule.jobs ?? [];
    for (const job of [...declaredJobs, ...Object.values(providerSyncJobs())]) expect(moduleJobs).toContain(job);
    expect(new Set(moduleJobs.map((job) => job.id)).size).toBe(moduleJobs.length);
    const declaredSubscribers = new Set(PROVIDERS.flatMap((provider) => provider.subscribers ?? []));
    expect(new Set(PROVIDER_SUBSCRIBERS)).toEqual(declaredSubscribers);
    expect(integrationsModule.subscribers).toEqual(PROVIDER_SUBSCRIBERS);
    expect(new Set(PROVIDER_SUBSCRIBERS.map((subscriber) => subscriber.name)).size).toBe(PROVIDER_SUBSCRIBERS.length);
  });

  it('serves every declared call group through the integrations module', () => {
    const declared = PROVIDERS.flatMap((provider) => provider.calls ?? []);
    expect(providerCalls()).toEqual(declared);
    for (const served of declared) expect(integrationsModule.calls).toContain(served);
  });
});

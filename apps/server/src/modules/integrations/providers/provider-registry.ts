import type { IntegrationProviderName } from '@crm/domain';
import type { AnyEventSubscriber } from '../../../core/events/domain-event.types.js';
import type { JobDefinition } from '../../../core/jobs/job-definition.js';
import type { ProviderConnection, ProviderModule } from '../provider-module.js';
import type { SyncAdapter } from '../sync/sync-work.js';
import { activeCampaignProvider } from './activecampaign/activecampaign.provider.js';
import { amplitudeProvider } from './amplitude/amplitude.provider.js';
import { astraProvider } from './astra/astra.provider.js';
import { bayutProvider } from './bayut/bayut.provider.js';
import { cencorpLinkProvider } from './cencorp-link/cencorp-link.provider.js';
import { dncrProvider } from './dncr/dncr.provider.js';
import { docusignProvider } from './docusign/docusign.provider.js';
import { dubizzleProvider } from './dubizzle/dubizzle.provider.js';
import { engageProvider } from './engage/engage.provider.js';
import { firebaseProvider } from './firebase/firebase.provider.js';
import { googleCalendarProvider } from './googlecalendar/googlecalendar.provider.js';
import { goyzerProvider } from './goyzer/goyzer.provider.js';
import { intercomProvider } from './intercom/intercom.provider.js';
import { jkPropertyProvider } from './jkproperty/jkproperty.provider.js';
import { lucasFoxProvider } from './lucasfox/lucasfox.provider.js';
import { messagingProcedures } from './messaging.procedures.js';
import { mResidenceProvider } from './mresidence/mresidence.provider.js';
import { oriaProvider } from './oria/oria.provider.js';
import { parkLaneProvider } from './parklane/parklane.provider.js';
import { propertyFinderProvider } from './propertyfinder/propertyfinder.provider.js';
import { salesforceProvider } from './salesforce/salesforce.provider.js';
import { sendGridProvider } from './sendgrid/sendgrid.provider.js';
import { theAgencyProvider } from './theagency/theagency.provider.js';
import { tinyUrlProvider } from './tinyurl/tinyurl.provider.js';
import { trakheesiProvider } from './trakheesi/trakheesi.provider.js';
import { trustpilotProvider } from './trustpilot/trustpilot.provider.js';
import { whatsAppProvider } from './whatsapp/whatsapp.provider.js';
import { zapierProvider } from './zapier/zapier.provider.js';

// The provider registry (docs/architecture.md 'The provider registry'): every provider's declaration, one line each,
// and the one place the integrations platform learns of providers. Its sync adapters, connection tests, jobs,
// subscribers, routes and worker start-up are all read from here. A new provider: its `<name>.provider.ts` and a line.

const declarations = () =>
  ({
    salesforce: salesforceProvider,
    zapier: zapierProvider,
    sendgrid: sendGridProvider,
    activecampaign: activeCampaignProvider,
    tinyurl: tinyUrlProvider,
    trustpilot: trustpilotProvider,
    theagency: theAgencyProvider,
    firebase: firebaseProvider,
    goyzer: goyzerProvider,
    engage: engageProvider,
    trakheesi: trakheesiProvider,
    intercom: intercomProvider,
    whatsapp: whatsAppProvider,
    googlecalendar: googleCalendarProvider,
    amplitude: amplitudeProvider,
    dncr: dncrProvider,
    propertyfinder: propertyFinderProvider,
    bayut: bayutProvider,
    docusign: docusignProvider,
    'cencorp-link': cencorpLinkProvider,
    dubizzle: dubizzleProvider,
    astra: astraProvider,
    lucasfox: lucasFoxProvider,
    mresidence: mResidenceProvider,
    jkproperty: jkPropertyProvider,
    oria: oriaProvider,
    parklane: parkLaneProvider,
  }) as const satisfies { readonly [N in IntegrationProviderName]: () => ProviderModule<N> };

let table: ReturnType<typeof declarations> | undefined;

/** Every provider's declaration by name, read when called (provider-module.ts `defineProvider` says why). */
export function providerRegistry(): ReturnType<typeof declarations> {
  table ??= declarations();
  return table;
}

type Declarations = ReturnType<typeof declarations>;
type Registry = { [N in keyof Declarations]: ReturnType<Declarations[N]> };

/** The providers whose declaration brings a sync adapter (each has its `provider-sync-{name}` queue). */
export type SyncProviderName = { [N in keyof Registry]: Registry[N] extends { sync: object } ? N : never }[keyof Registry];

/** One provider's declaration. */
export const providerModule = (name: IntegrationProviderName): ProviderModule => providerRegistry()[name]();

/** Every provider's declaration, in the registry's order. */
export const providers = (): readonly ProviderModule[] => Object.values(providerRegistry()).map((declaration) => declaration());

/** Each item once, in the registry's order (a subscriber two providers share, e.g. the product events, is one). */
const once = <T>(items: readonly T[]): T[] => [...new Set(items)];

export const syncProviderNames = () => providers().flatMap((provider) => (provider.sync ? [provider.name] : [])) as SyncProviderName[];

export const syncAdapters = () =>
  Object.fromEntries(providers().flatMap((provider) => (provider.sync ? [[provider.name, provider.sync.adapter]] : []))) as Record<
    SyncProviderName,
    SyncAdapter
  >;

export const connectionTests = (): Partial<Record<IntegrationProviderName, ProviderConnection>> =>
  Object.fromEntries(providers().flatMap((provider) => (provider.connection ? [[provider.name, provider.connection]] : [])));

export const providerJobs = (): readonly JobDefinition[] => once(providers().flatMap((provider) => provider.jobs ?? []));
export const providerSubscribers = (): readonly AnyEventSubscriber[] => once(providers().flatMap((provider) => provider.subscribers ?? []));
export const providerCalls = () => once(providers().flatMap((provider) => provider.calls ?? []));
export const providerResources = () => providers().flatMap((provider) => provider.resources ?? []);
export const providerOpenapiTags = () => providers().flatMap((provider) => (provider.openapiTag ? [provider.openapiTag] : []));
export const providerRoutes = () =>
  providers().flatMap((provider) => [provider.routes, provider.webhookRoutes].filter((routes) => routes !== undefined));
export const providerWorkers = () => providers().flatMap((provider) => (provider.startWorkers ? [provider.startWorkers] : []));

/**
 * The providers' tRPC procedures under `integrations.*` (WhatsApp's and Intercom's lookups), typed one by one: a
 * router's type cannot be read off a list. Their other routers (marketing, envelopes, googleCalendar) are keyed in
 * trpc/app-router.ts.
 */
export const providerProcedures = () => messagingProcedures;

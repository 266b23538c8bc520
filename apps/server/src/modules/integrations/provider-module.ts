import type { FastifyPluginAsync } from 'fastify';
import type { IntegrationConfig, IntegrationProviderName, SyncModule, WebhookReceipt } from '@crm/domain';
import type { ServedCalls } from '../../calls/serve-calls.js';
import type { AppDeps } from '../../core/deps.js';
import type { AnyEventSubscriber } from '../../core/events/domain-event.types.js';
import type { JobDefinition } from '../../core/jobs/job-definition.js';
import type { ResourceDefinition } from '../../resources/resource.types.js';
import type { OpenApiTag } from '../module.js';
import type { ConnectionCheck, LocalCheck, ProbeBuilder } from './connection-tests.js';
import type { AccountRow } from './integration-accounts.js';
import type { PortalListingEvent } from './portal-webhook.js';
import type { SyncAdapter } from './sync/sync-work.js';

// What one provider brings to the integrations platform (docs/architecture.md 'The provider registry'): each
// provider declares one in providers/<name>/<name>.provider.ts, listed once in providers/provider-registry.ts, from
// which the platform derives its sync adapters, connection tests, jobs, subscribers, routes and worker start-up.

/** What a provider's config must say before a module's run can do anything (null: nothing against it). */
export type SyncPrecondition = (config: IntegrationConfig, modules: readonly SyncModule[]) => string | null;

/** How `POST {name}/test` tests it: one request (a probe), several calls (a check), or what is stored (local). */
export type ProviderConnection = { probe: ProbeBuilder } | { check: ConnectionCheck } | { local: LocalCheck };

type AccountDeps = Pick<AppDeps, 'db' | 'env' | 'jobs' | 'log' | 'clock'>;

/** The work a multi-account provider keeps per account (integration-account.service.ts calls it). */
export interface ProviderAccounts {
  /** Keeps the account's repeatable work in step: scheduled while active and complete, else removed (by id). */
  schedule(deps: Pick<AppDeps, 'jobs' | 'env' | 'log'>, account: AccountRow | null, active: boolean, id?: string): Promise<void>;
  /** Sets a complete, changed or newly switched-on account up at the provider (queued). */
  setUp(deps: Pick<AppDeps, 'jobs'>, accountId: string): Promise<unknown>;
  /** Undoes, before removal, what the account subscribed at the provider. */
  unsubscribe(deps: AccountDeps, account: AccountRow): Promise<void>;
  /** Forgets what is cached for the account (its token) once its credentials change or it is removed. */
  forget(accountId: string): void;
  /** The queues whose waiting jobs name the account, cancelled with it. */
  jobIds: readonly string[];
}

export interface ProviderModule<N extends IntegrationProviderName = IntegrationProviderName> {
  name: N;
  /** Its synchronisation (`synchronization/{x}`, its `provider-sync-{name}` queue), and what its config must allow. */
  sync?: { adapter: SyncAdapter; precondition?: SyncPrecondition };
  connection?: ProviderConnection;
  jobs?: readonly JobDefinition[];
  /** Its answers to the domain modules' events. */
  subscribers?: readonly AnyEventSubscriber[];
  /** Its declared calls (packages/domain `*.calls.ts`), both doors served: REST here, tRPC by its router. */
  calls?: readonly ServedCalls[];
  /** Its own hand-written REST routes (calls not declared yet). */
  routes?: FastifyPluginAsync;
  /** Its own public intake routes (raw bodies, signatures), beside the shared webhook. */
  webhookRoutes?: FastifyPluginAsync;
  /** What it receives on the shared `POST /api/integrations/{provider}/webhook/{id}` instead of a partner's lead. */
  receiveWebhook?: (
    deps: AppDeps,
    integrationId: string,
    headers: Record<string, string | string[] | undefined>,
    raw: Buffer,
  ) => Promise<WebhookReceipt>;
  /** A portal listing event pushed to one of its accounts; false when delivered before. */
  applyListingEvent?: (
    deps: Pick<AppDeps, 'db' | 'clock'>,
    account: AccountRow,
    eventId: string,
    event: PortalListingEvent,
  ) => Promise<boolean>;
  /** The member its own agent hint names (beyond an email), for a lead it brought. */
  agentOfHint?: (
    deps: Pick<AppDeps, 'db'>,
    assetId: string,
    hint: string,
    account: Pick<AccountRow, 'id'> | null,
  ) => Promise<string | null>;
  accounts?: ProviderAccounts;
  resources?: readonly ResourceDefinition[];
  /** The OpenAPI tag its routes and resources are listed under, when it owns one. */
  openapiTag?: OpenApiTag;
  /** Started where the workers run; answers how to stop it. */
  startWorkers?: (deps: AppDeps) => Promise<() => void>;
}

/**
 * A provider's declaration, its own type kept (the registry reads which parts it has). Made on first use, not at load:
 * a provider's files import the platform, which looks providers up in the registry, so a declaration read at load
 * could meet a file of that circle not evaluated yet.
 */
export function defineProvider<const N extends IntegrationProviderName, const P extends ProviderModule<N>>(
  declare: () => P & { name: N },
): () => P {
  let provider: P | undefined;
  return () => {
    provider ??= declare();
    return provider;
  };
}

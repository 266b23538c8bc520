import { INTEGRATION_MESSAGES, integrationProviders, type IntegrationOffices, type MemberSyncResult } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import type { IntegrationRow } from '../integrations/integration-record.js';
import type { MemberIntegration } from '@crm/domain';

// The seam between the team's calls and the CRM providers (Goyzer, Engage): the member calls have already passed
// the integration guard (member-sync.service.ts), so `integration` is the asset's configured, enabled row. The
// provider clients are not built into this release: until they are, the answer is a 409 saying so, never a pretended
// success. A client fills this function: read the secrets with `openSecrets(deps, integration)`, call the provider
// with `callProviderApi` (integrations/provider-call.ts), write the members, and answer what the request asks.

export type MemberProviderRequest = { kind: 'sync'; memberIds: readonly string[] } | { kind: 'offices' };
export interface MemberProviderAnswer {
  sync: MemberSyncResult;
  offices: IntegrationOffices;
}

export async function callMemberProvider<K extends MemberProviderRequest['kind']>(
  _deps: Pick<AppDeps, 'db' | 'env' | 'clock' | 'log'>,
  integration: IntegrationRow & { name: MemberIntegration },
  _request: Extract<MemberProviderRequest, { kind: K }>,
): Promise<MemberProviderAnswer[K]> {
  const provider = integration.name;
  throw AppError.conflict(INTEGRATION_MESSAGES.noSyncAdapter(integrationProviders[provider].label), { provider });
}

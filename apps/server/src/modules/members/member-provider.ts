import type { IntegrationOffices, MemberIntegration, MemberSyncResult } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import {
  requiredIntegration,
  engageApiKey,
  engageOffices,
  goyzerOffices,
  openSecrets,
  type IntegrationRow,
  queueCrmSync,
} from '../integrations/index.js';

// The seam between the team's calls and the CRMs that keep agents (Goyzer, Engage). The call has passed the
// integration guard (member-sync.service.ts): a sync is the CRM's `members` run for the named members, queued in its
// provider queue (integrations/sync), answered at once with the run the screens follow; the offices are read from
// the CRM for the request.

type Deps = Pick<AppDeps, 'db' | 'env' | 'log' | 'jobs' | 'clock'>;

/** Queues (or joins) the CRM's members run for `memberIds`. */
export async function queueMemberSync(
  deps: Deps,
  integration: IntegrationRow & { name: MemberIntegration },
  memberIds: readonly string[],
): Promise<MemberSyncResult> {
  // Engage's feed and webhook need no API key, its agents do: said now, not in a failed run later.
  if (integration.name === 'engage') engageApiKey(openSecrets(deps, integration));
  const runId = await queueCrmSync(deps, integration, 'members', memberIds);
  return { provider: integration.name, synced: memberIds.length, runId };
}

const OFFICES = { goyzer: goyzerOffices, engage: engageOffices } satisfies Record<MemberIntegration, unknown>;

/** GET offices/{crm}/{asset}: 409 while the CRM is not configured, off or has no address. */
export async function memberCrmOffices(deps: Deps, assetId: string, provider: MemberIntegration): Promise<IntegrationOffices> {
  return OFFICES[provider](deps, await requiredIntegration(deps, assetId, provider));
}

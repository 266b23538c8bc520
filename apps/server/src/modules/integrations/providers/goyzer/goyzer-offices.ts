import type { IntegrationOffices } from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import { officesOfAgents } from '../../sync/crm-members.js';
import { askIntegration, type ActiveIntegration } from '../../active-integration.js';
import { goyzerCall, goyzerRows } from './goyzer-client.js';
import { goyzerAgent } from './goyzer-sync.js';

// GET offices/goyzer/{asset}: Goyzer has no office method, so its offices are the ones its agents belong to
// (GetAgents' OfficeID and OfficeName), read for the user's request: a Goyzer 5xx or silence is a 503.

export async function goyzerOffices(deps: Pick<AppDeps, 'db' | 'env' | 'log'>, goyzer: ActiveIntegration): Promise<IntegrationOffices> {
  const answer = await askIntegration(deps, goyzer, goyzerCall(goyzer.secrets, goyzer.config, 'GetAgents'));
  return officesOfAgents(goyzerRows(answer.text, 'AgentDTO').flatMap((row) => goyzerAgent(row) ?? []));
}

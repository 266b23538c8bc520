import { pullCrmMembers } from '../../sync/crm-members.js';
import type { SyncAdapter } from '../../sync/sync-work.js';
import { engageAgents } from './engage-client.js';

// Engage's sync adapter: its agents pulled as team members (by asset, 'engage' and the agent's id, else linked by
// email; new ones arrive disabled). Its listings and leads travel by the partner feed and webhook, not a run.

export const engageSync: SyncAdapter = {
  members: async (work, scope) => pullCrmMembers(work, scope, await engageAgents(work)),
};

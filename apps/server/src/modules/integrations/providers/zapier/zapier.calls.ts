import { zapierCalls } from '@crm/domain';
import { serveCalls } from '../../../../calls/serve-calls.js';
import { subscribeZapierHook, unsubscribeZapierHook, zapierActions, zapierMe, zapierTriggers } from './zapier.service.js';

// Zapier's lookups and REST hooks, both doors from their declarations (packages/domain marketing.calls.ts).
export const zapierDoors = serveCalls(zapierCalls, {
  zapierTriggers: ({ deps, actor, asset }) => zapierTriggers(deps, actor, asset),
  zapierActions: async ({ actor, asset }) => zapierActions(actor, asset),
  zapierMe: ({ deps, actor }) => zapierMe(deps, actor),
  zapierSubscribe: ({ deps, actor, input }) => subscribeZapierHook(deps, actor, input),
  zapierUnsubscribe: ({ deps, actor, input }) => unsubscribeZapierHook(deps, actor, input.hookId),
});

import { timelineCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { customerTimeline, dealTimeline, leadTimeline } from './timeline.service.js';

// The timelines' declared calls (packages/domain/src/timeline/timeline.calls.ts), both doors from these handlers.
export const timelineDoors = serveCalls(timelineCalls, {
  lead: ({ deps, asset, input }) => leadTimeline(deps, asset, input),
  customer: ({ deps, asset, input }) => customerTimeline(deps, asset, input),
  deal: ({ deps, actor, asset, input }) => dealTimeline(deps, actor, asset, input),
});

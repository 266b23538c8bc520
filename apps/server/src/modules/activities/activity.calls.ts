import { activityCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { activityBuckets } from './activity-buckets.service.js';

// The activities' declared calls (packages/domain/src/activities/activity.calls.ts), both doors from these handlers.
export const activityDoors = serveCalls(activityCalls, {
  buckets: ({ deps, actor, asset, input }) => activityBuckets(deps, actor, asset, input),
});

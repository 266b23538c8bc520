export * from './activity-buckets.js';
export * from './activity.calls.js';
export * from './activity.contract.js';
export * from './activity-recurrence.js';

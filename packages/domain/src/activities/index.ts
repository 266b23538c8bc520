export * from './activity.contract.js';
export * from './activity-recurrence.js';

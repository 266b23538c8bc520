export * from './lead-settings.rules.js';
export * from './activity-log.js';

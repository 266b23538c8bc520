export * from './lead-settings.rules.js';
export * from './activity-log.js';
export * from './asset-profile.schemas.js';
export * from './asset.calls.js';

export * from './auth.messages.js';
export * from './auth.schemas.js';
export * from './profile.schemas.js';
export * from './asset-settings.schemas.js';
export * from './default-roles.js';
export * from './profile.calls.js';
export * from './auth.calls.js';

export * from './deal-calls.schemas.js';
export * from './deal-messages.js';
export * from './deal-pipelines.js';
export * from './deal-splits.js';
export * from './deal.calls.js';
export * from './deal.contract.js';
export * from './deal-links.js';
export * from './deal-visibility.js';

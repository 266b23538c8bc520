export * from './timeline.calls.js';
export * from './timeline.schemas.js';

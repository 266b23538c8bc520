// The viewings module's test surface: its test kits, for the other modules' tests; production code never imports it
// (docs/architecture.md 'Modules and their public surfaces').
export { createViewingWorld, fromNow, type ViewingWorld } from './viewing-test-kit.js';
export { requestViewingFeedback } from './viewing-feedback.job.js';

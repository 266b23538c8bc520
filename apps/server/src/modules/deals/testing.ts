// The deals module's test surface: its test kit, for the other modules' tests; production code never imports it
// (docs/architecture.md 'Modules and their public surfaces').
export { createDealWorld, type DealWorld } from './deal-test-kit.js';

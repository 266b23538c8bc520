// The integrations module's test surface: its test kits, for the other modules' tests; production code never imports it
// (docs/architecture.md 'Modules and their public surfaces').
export { INTEGRATION_SAMPLES } from './integration-test-samples.js';

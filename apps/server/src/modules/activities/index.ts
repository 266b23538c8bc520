// The activities module's public surface: what the rest of the server uses of it, and nothing else
// (docs/architecture.md 'Modules and their public surfaces'). Home counts the agent's tasks with it.
export { myTaskFigures } from './activity-buckets.service.js';
export { seedDemoActivities } from './activity.demo-seed.js';

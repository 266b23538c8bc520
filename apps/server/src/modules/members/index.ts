// The members module's public surface: what the rest of the server uses of it, and nothing else (docs/architecture.md
// 'Modules and their public surfaces').
export { departmentResource } from './department.resource.js';
export { brokerFigures } from './member-brokers.service.js';
export { DEMO_DEPARTURE, seedDemoDeparture, seedDemoTeam } from './member.demo-seed.js';
export { memberResource } from './member.resource.js';

// The customers module's public surface: what the rest of the server uses of it, and nothing else (docs/architecture.md
// 'Modules and their public surfaces').
export { seedDemoCustomers } from './customer.demo-seed.js';
export { customerResource } from './customer.resource.js';

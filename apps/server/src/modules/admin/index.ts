// The admin module's public surface: what the rest of the server uses of it, and nothing else (docs/architecture.md
// 'Modules and their public surfaces').
export { checkSecondFactor } from './two-factor.service.js';
export { userResource } from './user.resource.js';

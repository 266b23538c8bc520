// The api-keys module's public surface: what the rest of the server uses of it, and nothing else (docs/architecture.md
// 'Modules and their public surfaces').
export { resolveApiKeyActor } from './api-key.service.js';

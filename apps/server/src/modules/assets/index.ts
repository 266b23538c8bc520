// The assets module's public surface: what the rest of the server uses of it, and nothing else (docs/architecture.md
// 'Modules and their public surfaces').
export { readViewingSettings } from './asset-profile.service.js';

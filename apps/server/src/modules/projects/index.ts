// The projects module's public surface: what the rest of the server uses of it, and nothing else (docs/architecture.md
// 'Modules and their public surfaces').
export { developerResource } from './developer.resource.js';
export { seedDemoProjects } from './project.demo-seed.js';
export { projectResource } from './project.resource.js';

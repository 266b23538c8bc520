import type { ServerModule } from '../module.js';
import { importDoors } from './import.calls.js';
import { importRoutes } from './import.routes.js';
import { importJob } from './import.job.js';

// Imports of listings, projects and team members from CSV/XLSX files (docs/product.md 'Imports').
export const importsModule: ServerModule = {
  name: 'imports',
  calls: [importDoors],
  routes: importRoutes,
  jobs: [importJob],
};

import { router } from '../../trpc/trpc.js';
import { importDoors } from './import.calls.js';

// The imports' tRPC door: a run's status (import.calls.ts); the uploads and the template are REST only.
export const importsRouter = router(importDoors.procedures);

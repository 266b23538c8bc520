import { router } from '../../trpc/trpc.js';
import { reportDoors } from './report.calls.js';

export const reportsRouter = router(reportDoors.procedures);

import { router } from '../../trpc/trpc.js';
import { timelineDoors } from './timeline.calls.js';

// Timelines, tRPC door: the declared calls (timeline.calls.ts).
export const timelineRouter = router({ ...timelineDoors.procedures });

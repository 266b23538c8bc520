import { router } from '../../../../trpc/trpc.js';
import { googleCalendarDoors } from './calendar-connect.calls.js';

// The lead page's 'Connect my Google Calendar' (per-user mode): the declared calls' tRPC doors.
export const googleCalendarRouter = router(googleCalendarDoors.procedures);

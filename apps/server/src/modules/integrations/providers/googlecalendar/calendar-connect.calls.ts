import { googleCalendarCalls } from '@crm/domain';
import { serveCalls } from '../../../../calls/serve-calls.js';
import { calendarConnection, calendarConsentUrl, disconnectCalendar } from './calendar-connect.service.js';

// The caller's own Google Calendar, both doors from the declarations (packages/domain calendar-connection.calls.ts).
export const googleCalendarDoors = serveCalls(googleCalendarCalls, {
  connection: async ({ deps, actor }) => ({ data: await calendarConnection(deps, actor) }),
  connect: async ({ deps, actor }) => ({ data: await calendarConsentUrl(deps, actor) }),
  disconnect: async ({ deps, actor }) => ({ data: await disconnectCalendar(deps, actor) }),
});

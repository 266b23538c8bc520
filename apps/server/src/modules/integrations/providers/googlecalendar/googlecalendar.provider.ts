import { defineProvider } from '../../provider-module.js';
import { checkGoogleCalendar } from './calendar-check.js';
import { googleCalendarDoors } from './calendar-connect.calls.js';
import { calendarOAuthCallbackRoutes } from './calendar-connect.routes.js';
import { calendarSyncJob } from './calendar-sync.job.js';

// Google Calendar (docs/api.md 'Google Calendar'): viewings' events on their agents' calendars, and, in per-user mode,
// each agent connecting their own calendar.
export const googleCalendarProvider = defineProvider(() => ({
  name: 'googlecalendar',
  connection: { check: checkGoogleCalendar },
  jobs: [calendarSyncJob],
  calls: [googleCalendarDoors],
  webhookRoutes: calendarOAuthCallbackRoutes,
}));

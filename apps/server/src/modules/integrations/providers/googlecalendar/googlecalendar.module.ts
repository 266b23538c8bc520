import type { ServerModule } from '../../../module.js';
import { calendarSyncJob } from './calendar-sync.job.js';
import { calendarConnectRoutes } from './calendar-connect.routes.js';

// Google Calendar (docs/api.md 'Google Calendar'): viewings' events on their agents' calendars, and, in per-user mode,
// each agent connecting their own calendar.
export const googleCalendarModule: ServerModule = { name: 'googlecalendar', routes: calendarConnectRoutes, jobs: [calendarSyncJob] };

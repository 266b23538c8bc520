import { z } from 'zod';

// Google Calendar in per-user mode (docs/api.md 'Google Calendar'): each agent connects their own calendar through
// Google's consent screen, so their viewings land on it. These are the calls' answers and the callback's outcome.

/** GET integrations/googlecalendar/connection: whether the caller may connect (per-user mode on) and has. */
export const CalendarConnectionSchema = z.object({
  data: z.object({ available: z.boolean(), connected: z.boolean() }),
});
export type CalendarConnection = z.infer<typeof CalendarConnectionSchema>['data'];

/** POST integrations/googlecalendar/connect: Google's consent address to send the browser to. */
export const CalendarConnectUrlSchema = z.object({ data: z.object({ url: z.url() }) });

/** Where the callback sends the browser back, and the query it adds (`?calendar=connected|failed`). */
export const CALENDAR_CALLBACK_RETURN = { path: '/profile', param: 'calendar' } as const;

export const CALENDAR_MESSAGES = {
  connect: 'Connect my Google Calendar',
  disconnect: 'Disconnect my Google Calendar',
  notConnected: 'Your viewings reach your Google Calendar once you connect it.',
  connected: 'Your Google Calendar is connected: your viewings appear on it.',
  notAMember: 'Only a team member of this asset can connect a calendar.',
  notPerUser: 'Google Calendar is not in per-user mode for this asset.',
  stateInvalid: 'The calendar connection link has expired: start again.',
  noRefreshToken: 'Google gave no refresh token: remove the app from your Google account and connect again.',
  backToCrm: 'Back to the CRM',
} as const;

import { defineCall, defineCalls } from '../calls/define-call.js';
import { CalendarConnectionSchema, CalendarConnectUrlSchema } from './calendar-connection.js';

// An agent's own Google Calendar (per-user mode, docs/api.md 'Google Calendar'): tRPC `googleCalendar.*`. Each
// answers `{ data }` on both doors (the web reads `.data` from tRPC too). Google's OAuth callback answers a page:
// hand-written (calendar-connect.routes.ts).
/** Any signed-in caller, about their own calendar. */
const mine = { tag: 'integrations', access: 'signed-in', scope: 'none' } as const;
const BASE = '/api/integrations/googlecalendar';

const connection = defineCall({
  operationId: 'googleCalendar.connection',
  summary: "Whether the caller's Google Calendar is connected (per-user mode)",
  ...mine,
  kind: 'query',
  output: CalendarConnectionSchema,
  rest: { method: 'GET', path: `${BASE}/connection`, envelope: 'bare' },
});

const connect = defineCall({
  operationId: 'googleCalendar.connect',
  summary: "Google's consent address for the caller's calendar (per-user mode)",
  ...mine,
  kind: 'mutation',
  output: CalendarConnectUrlSchema,
  rest: { method: 'POST', path: `${BASE}/connect`, envelope: 'bare' },
});

const disconnect = defineCall({
  operationId: 'googleCalendar.disconnect',
  summary: "Forget the caller's Google Calendar",
  ...mine,
  kind: 'mutation',
  output: CalendarConnectionSchema,
  rest: { method: 'DELETE', path: `${BASE}/connect`, envelope: 'bare' },
});

export const googleCalendarCalls = defineCalls('googleCalendar', { connection, connect, disconnect });

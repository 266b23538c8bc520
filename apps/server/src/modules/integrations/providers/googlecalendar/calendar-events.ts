import { LINKS, viewingEndsAt } from '@crm/domain';
import { z } from 'zod';
import type { AppDeps } from '../../../../core/deps.js';
import { providerBaseUrl } from '../../integration-endpoints.js';
import { storedConfig, type IntegrationRow } from '../../integration-record.js';
import { callProvider, ProviderCallError } from '../../provider-call.js';
import { LABEL } from './google-auth.js';

// Calendar API v3 events of viewings (docs/api.md 'Google Calendar'): our viewing id rides in the event's private
// extended property `crmViewingId`, so a viewing's event is found again even if its id was never stored (a job that
// stopped between Google's answer and our write). The API's host is www.googleapis.com, or
// INTEGRATION_BASE_URL_GOOGLECALENDAR (a test's fake).

export const VIEWING_PROPERTY = 'crmViewingId';

const EventSchema = z.object({ id: z.string().min(1) });
const EventListSchema = z.object({ items: z.array(EventSchema).default([]) });

/** What a viewing's event says. */
export interface ViewingEventFacts {
  id: string;
  leadId: string;
  leadID: string;
  startsAt: Date;
  durationMinutes: number;
  timeZone: string;
  customerName: string | null;
  subject: string | null;
  location: string | null;
  notes: string | null;
}

/** The Calendar API event of a viewing: times in the asset's zone, a link to the lead, our id in a private property. */
export function viewingEvent(env: Pick<AppDeps['env'], 'APP_URL'>, viewing: ViewingEventFacts) {
  const link = new URL(LINKS.leadDetail(viewing.leadId), env.APP_URL).toString();
  const what = viewing.subject ? `: ${viewing.subject}` : '';
  const who = viewing.customerName ? ` with ${viewing.customerName}` : '';
  return {
    summary: `Viewing${what}${who}`,
    description: [`Lead ${viewing.leadID}: ${link}`, viewing.notes].filter(Boolean).join('\n\n'),
    ...(viewing.location ? { location: viewing.location } : {}),
    start: { dateTime: viewing.startsAt.toISOString(), timeZone: viewing.timeZone },
    end: { dateTime: viewingEndsAt(viewing).toISOString(), timeZone: viewing.timeZone },
    extendedProperties: { private: { [VIEWING_PROPERTY]: viewing.id, crmLeadId: viewing.leadId } },
  };
}

export type CalendarEvent = ReturnType<typeof viewingEvent>;

/** One calendar, with a token that may write its events. */
export interface CalendarAccess {
  deps: Pick<AppDeps, 'db' | 'log'>;
  row: IntegrationRow;
  baseUrl: string;
  calendarId: string;
  token: string;
}

/** The Calendar API's address in this deployment and the calendar the integration writes to (default 'primary'). */
export function calendarTarget(env: Pick<AppDeps['env'], 'INTEGRATION_BASE_URLS'>, row: IntegrationRow) {
  const config = storedConfig(row);
  const baseUrl = providerBaseUrl(env, 'googlecalendar', config) ?? 'https://www.googleapis.com';
  const calendarId = typeof config.calendarId === 'string' && config.calendarId ? config.calendarId : 'primary';
  return { baseUrl, calendarId };
}

const eventsPath = (access: CalendarAccess) => `/calendar/v3/calendars/${encodeURIComponent(access.calendarId)}/events`;
const call = (access: CalendarAccess, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, json?: object) =>
  callProvider(access.deps, access.row, LABEL, access.baseUrl, {
    method,
    path,
    headers: { authorization: `Bearer ${access.token}` },
    ...(json ? { json } : {}),
  });
const gone = (error: unknown) => error instanceof ProviderCallError && (error.status === 404 || error.status === 410);

/** The viewing's event in this calendar, found by its private property; null when there is none. */
export async function findViewingEvent(access: CalendarAccess, viewingId: string): Promise<string | null> {
  const query = new URLSearchParams({ privateExtendedProperty: `${VIEWING_PROPERTY}=${viewingId}`, maxResults: '1' });
  const answer = await call(access, 'GET', `${eventsPath(access)}?${query}`);
  const list = EventListSchema.safeParse(answer.json);
  return list.success ? (list.data.items[0]?.id ?? null) : null;
}

export async function insertViewingEvent(access: CalendarAccess, event: CalendarEvent): Promise<string> {
  const answer = await call(access, 'POST', eventsPath(access), event);
  const created = EventSchema.safeParse(answer.json);
  if (!created.success) throw new ProviderCallError(`${LABEL} answered the new event without its id.`, answer.status, false);
  return created.data.id;
}

/** Updates the event; false when it is no longer there (deleted in the calendar). */
export async function patchViewingEvent(access: CalendarAccess, eventId: string, event: CalendarEvent): Promise<boolean> {
  try {
    await call(access, 'PATCH', `${eventsPath(access)}/${encodeURIComponent(eventId)}`, event);
    return true;
  } catch (error) {
    if (gone(error)) return false;
    throw error;
  }
}

/** Removes the event; one already gone is removed too. */
export async function deleteViewingEvent(access: CalendarAccess, eventId: string): Promise<void> {
  try {
    await call(access, 'DELETE', `${eventsPath(access)}/${encodeURIComponent(eventId)}`);
  } catch (error) {
    if (!gone(error)) throw error;
  }
}

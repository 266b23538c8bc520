import { storedConfig } from '../../integration-record.js';
import type { ConnectionCheck } from '../../connection-tests.js';
import { describeProviderFailure } from '../oauth-grants.js';
import { calendarTarget } from './calendar-events.js';
import { callProvider } from '../../provider-call.js';
import { LABEL, memberToken, serviceAccountToken } from './google-auth.js';

// Google Calendar's connection test: a token (as the service account itself; in per-user mode as the agent who
// connected last), then one event of the calendar (`GET .../events?maxResults=1`, what the calendar.events scope may read).

export const checkGoogleCalendar: ConnectionCheck = async (deps, row) => {
  const operation = 'token + GET /calendar/v3/calendars/{id}/events (connection test)';
  try {
    let token: string;
    if (storedConfig(row).mode === 'per-user') {
      const connected = await deps.db.memberCalendarToken.findFirst({
        where: { assetId: row.assetId },
        orderBy: { updatedAt: 'desc' },
        select: { member: { select: { id: true, name: true, email: true } } },
      });
      if (!connected) return { ok: false, status: null, detail: 'No agent has connected their Google Calendar yet.', operation };
      token = await memberToken(deps, row, connected.member);
    } else token = await serviceAccountToken(deps, row, null);
    const { baseUrl, calendarId } = calendarTarget(deps.env, row);
    const answer = await callProvider(deps, row, LABEL, baseUrl, {
      method: 'GET',
      path: `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events?maxResults=1`,
      headers: { authorization: `Bearer ${token}` },
    });
    return { ok: true, status: answer.status, detail: `${LABEL} accepted the credentials.`, operation };
  } catch (error) {
    return { ok: false, ...describeProviderFailure(LABEL, error), operation };
  }
};

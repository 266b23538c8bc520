import { CalendarConnectionSchema, CalendarConnectUrlSchema } from '@crm/domain';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../../plugins/auth.plugin.js';
import { fileResponse } from '../../../../plugins/openapi-files.js';
import {
  backPage,
  CALLBACK_PATH,
  calendarConnection,
  calendarConsentUrl,
  completeCalendarConnect,
  disconnectCalendar,
} from './calendar-connect.service.js';

const HTML = 'text/html';

// An agent's own Google Calendar (per-user mode, docs/api.md 'Google Calendar'): whether it is connected, the consent
// address, forgetting it, and Google's redirect back (public: the signed state says whose it is).
export async function calendarConnectRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const BASE = '/api/integrations/googlecalendar';
  app.get(
    `${BASE}/connection`,
    {
      schema: {
        tags: ['integrations'],
        operationId: 'googleCalendar.connection',
        summary: "Whether the caller's Google Calendar is connected (per-user mode)",
        response: { 200: CalendarConnectionSchema },
      },
    },
    async (req) => ({ data: await calendarConnection(app.deps, actorOf(req)) }),
  );
  app.post(
    `${BASE}/connect`,
    {
      schema: {
        tags: ['integrations'],
        operationId: 'googleCalendar.connect',
        summary: "Google's consent address for the caller's calendar (per-user mode)",
        response: { 200: CalendarConnectUrlSchema },
      },
    },
    async (req) => ({ data: await calendarConsentUrl(app.deps, actorOf(req)) }),
  );
  app.delete(
    `${BASE}/connect`,
    {
      schema: {
        tags: ['integrations'],
        operationId: 'googleCalendar.disconnect',
        summary: "Forget the caller's Google Calendar",
        response: { 200: CalendarConnectionSchema },
      },
    },
    async (req) => ({ data: await disconnectCalendar(app.deps, actorOf(req)) }),
  );
  app.get(
    CALLBACK_PATH,
    {
      config: { public: true },
      schema: {
        tags: ['integrations'],
        operationId: 'googleCalendar.oauthCallback',
        summary: "Google's redirect after consent: keeps the agent's refresh token; a page sends the browser back to the profile",
        querystring: z
          .object({ code: z.string().max(2000).optional(), state: z.string().max(4000).optional(), error: z.string().max(200).optional() })
          .loose(),
        response: { 200: fileResponse('A page that sends the browser back to the profile', [HTML]) },
      },
    },
    async (req, reply) => {
      const back = await completeCalendarConnect(app.deps, req.query);
      return reply.type(`${HTML}; charset=utf-8`).send(Readable.from([backPage(back)]));
    },
  );
}

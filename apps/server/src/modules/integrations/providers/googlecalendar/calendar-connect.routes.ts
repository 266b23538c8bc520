import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../../../plugins/openapi-files.js';
import { backPage, CALLBACK_PATH, completeCalendarConnect } from './calendar-connect.service.js';

const HTML = 'text/html';

// Google's redirect back after an agent's consent (per-user mode, docs/api.md 'Google Calendar'; public: the signed
// state says whose it is). It answers a page, so it stays hand-written; the JSON calls are calendar-connect.calls.ts.
export async function calendarOAuthCallbackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
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

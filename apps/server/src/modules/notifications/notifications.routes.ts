import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NOTIFICATION_STREAM_EVENT } from '@crm/domain';
import { actorOf } from '../../plugins/auth.plugin.js';
import { FILE_TYPES, fileResponse } from '../../plugins/openapi-files.js';
import { createNotificationHub } from './notification-hub.js';
import { unreadCount } from './notification.service.js';

// The caller's live unread count (docs/api.md 'Notifications'): a stream, not a call, so it is not declared with
// the module's calls (notification.calls.ts): it holds the connection open and writes events itself.

/** A stream lives at most this long; the browser then reconnects with its current token (a revoked one ends there). */
export const STREAM_MAX_MS = 10 * 60_000;
const HEARTBEAT_MS = 25_000;

export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['notifications'];
  const hub = createNotificationHub(deps.env.DATABASE_URL, deps.log);
  app.addHook('preClose', async () => hub.close());

  // Server-sent events: `event: unread` with { unread } now and whenever it changes. A stream is not a request in
  // flight: it gives back the caller's slot (core/user-limits.ts) as it starts.
  app.get(
    '/api/notifications/stream',
    {
      schema: {
        tags,
        operationId: 'notifications.stream',
        summary: 'Live unread count (text/event-stream, event "unread")',
        response: {
          200: fileResponse('Server-sent events: `event: unread` with `{ "unread": n }`, now and on each change', [FILE_TYPES.eventStream]),
        },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const slot = req.releaseUserSlot;
      req.releaseUserSlot = null;
      await slot?.().catch(() => undefined);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': String(req.id),
      });
      let open = true;
      let sending = false;
      let again = false;
      // One count at a time; signals that arrive meanwhile make one more count, not one each.
      const send = async () => {
        if (!open) return;
        if (sending) {
          again = true;
          return;
        }
        sending = true;
        try {
          do {
            again = false;
            const unread = await unreadCount(deps, actor.userId);
            if (open) res.write(`event: ${NOTIFICATION_STREAM_EVENT}\ndata: ${JSON.stringify({ unread })}\n\n`);
          } while (again && open);
        } catch (error) {
          req.log.warn({ err: error }, 'notification count not sent');
        } finally {
          sending = false;
        }
      };
      const end = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
        res.end();
      };
      const heartbeat = setInterval(() => open && res.write(': ping\n\n'), HEARTBEAT_MS);
      const lifetime = setTimeout(end, STREAM_MAX_MS);
      const unsubscribe = hub.subscribe(actor.userId, () => void send(), end);
      req.raw.on('close', end);
      await send();
    },
  );
}

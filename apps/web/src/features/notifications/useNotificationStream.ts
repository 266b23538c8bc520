import { NOTIFICATION_STREAM_EVENT, UnreadCountSchema } from '@crm/domain';
import { useEffect } from 'react';
import { sessionRequestHeaders } from '../../app/current-headers';
import { trpc } from '../../app/trpc';
import { parseEventStream, reconnectDelay } from './event-stream';

const STREAM_URL = '/api/notifications/stream';

/**
 * Keeps the bell's unread count live (GET notifications/stream): each `unread` event sets the count and refreshes
 * the list. The server ends a stream after a while and the connection may drop: it reconnects with the session's
 * current token, waiting longer after each failure. Stops when the component unmounts (logout).
 */
export function useNotificationStream(userId: string): void {
  const utils = trpc.useUtils();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new person signed in opens their own stream.
  useEffect(() => {
    const controller = new AbortController();
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const received = (data: string) => {
      const parsed = UnreadCountSchema.safeParse(JSON.parse(data));
      if (!parsed.success) return;
      utils.notifications.unreadCount.setData(undefined, parsed.data);
      void utils.notifications.list.invalidate();
    };

    const connect = async () => {
      try {
        const res = await fetch(STREAM_URL, { headers: await sessionRequestHeaders(), signal: controller.signal });
        if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          failures = 0;
          const { events, rest } = parseEventStream(buffer + decoder.decode(value, { stream: true }));
          buffer = rest;
          for (const event of events) if (event.event === NOTIFICATION_STREAM_EVENT) received(event.data);
        }
      } catch {
        if (controller.signal.aborted) return;
        failures += 1;
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void connect(), failures ? reconnectDelay(failures) : 0);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [userId, utils]);
}

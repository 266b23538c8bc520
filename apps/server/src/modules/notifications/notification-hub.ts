import pg from 'pg';
import type { Logger } from 'pino';

// The live side of the bell: one PostgreSQL connection per API process LISTENs on 'staff_notifications' (the
// StaffNotification trigger signals each person concerned, on commit) and wakes the streams of that person open
// in this process. Every API instance listens, so a lead assigned through one instance reaches a bell served by
// another. A lost connection is re-opened, and every stream is woken then (it may have missed signals meanwhile).

export const NOTIFICATION_CHANNEL = 'staff_notifications';
const RECONNECT_MS = [500, 1000, 2000, 5000, 10_000];

type Wake = () => void;

export interface NotificationHub {
  /** Calls `wake` whenever `userId` gets notifications; answers how to stop. */
  subscribe(userId: string, wake: Wake, end: () => void): () => void;
  /** Ends every stream and the listening connection (server shutdown). */
  close(): Promise<void>;
  /** Streams open in this process (tests and metrics). */
  size(): number;
}

export function createNotificationHub(databaseUrl: string, log: Pick<Logger, 'warn' | 'info'>): NotificationHub {
  const streams = new Map<string, Set<{ wake: Wake; end: () => void }>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let failures = 0;

  const wakeAll = () => {
    for (const set of streams.values()) for (const stream of set) stream.wake();
  };

  const connect = (): Promise<void> => {
    if (connecting || client || closed) return connecting ?? Promise.resolve();
    connecting = (async () => {
      const next = new pg.Client({ connectionString: databaseUrl });
      const lost = () => {
        if (client !== next) return;
        client = null;
        next.end().catch(() => undefined);
        if (closed || streams.size === 0) return;
        const wait = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)] ?? 10_000;
        failures += 1;
        setTimeout(() => void connect().catch(() => undefined), wait).unref();
      };
      next.on('error', (error) => {
        log.warn({ event: 'notifications.listen.lost', err: error }, 'notification listener lost its connection');
        lost();
      });
      next.on('end', lost);
      next.on('notification', (message) => {
        if (message.channel !== NOTIFICATION_CHANNEL || !message.payload) return;
        for (const stream of streams.get(message.payload) ?? []) stream.wake();
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
        client = next;
        if (failures > 0) wakeAll();
        failures = 0;
      } catch (error) {
        next.end().catch(() => undefined);
        log.warn({ event: 'notifications.listen.failed', err: error }, 'notification listener could not connect; retrying');
        const wait = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)] ?? 10_000;
        failures += 1;
        if (!closed) setTimeout(() => void connect().catch(() => undefined), wait).unref();
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    subscribe(userId, wake, end) {
      const stream = { wake, end };
      const set = streams.get(userId) ?? new Set();
      set.add(stream);
      streams.set(userId, set);
      void connect();
      return () => {
        set.delete(stream);
        if (set.size === 0) streams.delete(userId);
      };
    },
    async close() {
      closed = true;
      for (const set of streams.values()) for (const stream of set) stream.end();
      streams.clear();
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
    size: () => [...streams.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

import type { Session } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { refreshDelay, startSessionRefresh, type RefreshStore } from './session-refresh';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');

const session = (n: number, expiresAt = '2026-11-22T11:00:00.000Z'): Session => ({
  access_token: `access-${n}`,
  token_type: 'Bearer',
  expires_in: 3600,
  expires_at: expiresAt,
  refresh_token: `refresh-${n}`,
  refresh_expires_at: '2026-12-06T10:00:00.000Z',
});

function fakeStore(initial: Session | null): RefreshStore & { current: Session | null; cleared: number } {
  const listeners = new Set<() => void>();
  const store = {
    current: initial,
    cleared: 0,
    get: () => store.current,
    update(next: Session) {
      store.current = next;
      for (const listener of listeners) listener();
    },
    clear() {
      store.current = null;
      store.cleared += 1;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

/** Timers run by hand: `fire()` runs the one pending. */
function manualTimers() {
  let pending: { run: () => void; ms: number } | null = null;
  return {
    setTimer: (run: () => void, ms: number) => {
      pending = { run, ms };
      return pending;
    },
    clearTimer: (timer: unknown) => {
      if (timer === pending) pending = null;
    },
    delay: () => pending?.ms ?? null,
    async fire() {
      const timer = pending;
      pending = null;
      timer?.run();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const serial = async (task: () => Promise<void>) => task();

describe('silent session refresh', () => {
  it('refreshes a minute before the access token expires, then schedules the next one', async () => {
    const store = fakeStore(session(1));
    const timers = manualTimers();
    const calls: string[] = [];
    startSessionRefresh({
      store,
      refresh: async (token) => {
        calls.push(token);
        return session(2, '2026-11-22T12:00:00.000Z');
      },
      exclusive: serial,
      isRefused: () => false,
      now: () => NOW,
      ...timers,
    });
    expect(timers.delay()).toBe(59 * 60_000);
    await timers.fire();
    expect(calls).toEqual(['refresh-1']);
    expect(store.current?.access_token).toBe('access-2');
    expect(timers.delay()).toBe(119 * 60_000);
  });

  it('does nothing when another tab already moved the session on', async () => {
    const store = fakeStore(session(1));
    const timers = manualTimers();
    const calls: string[] = [];
    startSessionRefresh({
      store,
      refresh: async (token) => {
        calls.push(token);
        return session(9);
      },
      // Another tab held the lock and refreshed first; its session reached this tab's store.
      exclusive: async (task) => {
        store.current = session(2, '2026-11-22T12:00:00.000Z');
        await task();
      },
      isRefused: () => false,
      now: () => NOW,
      ...timers,
    });
    await timers.fire();
    expect(calls).toEqual([]);
    expect(store.current?.access_token).toBe('access-2');
  });

  it('ends the session when the server refuses the token, and retries after a network failure', async () => {
    const refused = fakeStore(session(1));
    const timers = manualTimers();
    startSessionRefresh({
      store: refused,
      refresh: () => Promise.reject(new Error('401')),
      exclusive: serial,
      isRefused: () => true,
      now: () => NOW,
      ...timers,
    });
    await timers.fire();
    expect(refused.cleared).toBe(1);

    const offline = fakeStore(session(1));
    const retry = manualTimers();
    let attempts = 0;
    startSessionRefresh({
      store: offline,
      refresh: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
        return session(2);
      },
      exclusive: serial,
      isRefused: () => false,
      now: () => NOW,
      retryMs: 5_000,
      ...retry,
    });
    await retry.fire();
    expect(offline.current?.access_token).toBe('access-1');
    expect(retry.delay()).toBe(5_000);
    await retry.fire();
    expect(offline.current?.access_token).toBe('access-2');
  });

  it('refreshes at once a session already within the margin, and leaves one without a refresh token alone', () => {
    expect(refreshDelay(session(1, '2026-11-22T10:00:30.000Z'), NOW)).toBe(0);
    // A one-minute token is refreshed half-way, never in a loop.
    expect(refreshDelay({ expires_at: '2026-11-22T10:01:00.000Z', expires_in: 60 }, NOW)).toBe(30_000);
    const timers = manualTimers();
    const { refresh_token: _t, refresh_expires_at: _e, ...old } = session(1);
    startSessionRefresh({ store: fakeStore(old), refresh: async () => session(2), exclusive: serial, isRefused: () => false, ...timers });
    expect(timers.delay()).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  createSessionStore,
  liveAccess,
  parseSession,
  SESSION_KEY,
  type Session,
  type StorageLike,
  type TabChannel,
  type TabMessage,
} from './session-store';
import { asTabMessage, storageEventTransport, TAB_MESSAGE_KEY } from './tab-channel';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');

const session = (token: string, expiresAt = '2026-11-22T11:00:00.000Z'): Session => ({
  access_token: token,
  token_type: 'Bearer',
  expires_in: 3600,
  expires_at: expiresAt,
});

function memoryStorage(): StorageLike & { dump(): Map<string, string> } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    dump: () => values,
  };
}

/** Tabs of one browser: a message posted by one reaches every other, never the sender (like BroadcastChannel). */
function hub() {
  const handlers = new Map<number, Set<(message: TabMessage) => void>>();
  let next = 0;
  return {
    tab(): TabChannel {
      const id = next++;
      handlers.set(id, new Set());
      return {
        post(message) {
          // Structured clone: the receiver never shares the sender's objects.
          const copy = JSON.parse(JSON.stringify(message)) as TabMessage;
          for (const [other, set] of handlers) if (other !== id) for (const handler of set) handler(copy);
        },
        subscribe(handler) {
          handlers.get(id)?.add(handler);
          return () => handlers.get(id)?.delete(handler);
        },
      };
    },
  };
}

/** Two tabs sharing localStorage, each with its own sessionStorage. */
function twoTabs() {
  const local = memoryStorage();
  const bus = hub();
  const a = { session: memoryStorage(), channel: bus.tab() };
  const b = { session: memoryStorage(), channel: bus.tab() };
  const storeA = createSessionStore({ local, session: a.session, channel: a.channel, now: () => NOW });
  const storeB = createSessionStore({ local, session: b.session, channel: b.channel, now: () => NOW });
  return { local, a: { ...a, store: storeA }, b: { ...b, store: storeB } };
}

describe('session store', () => {
  it('keeps a remembered session in localStorage and a per-tab one in sessionStorage, never both', () => {
    const { local, a } = twoTabs();
    a.store.login(session('t1'), 'local');
    expect(parseSession(local.getItem(SESSION_KEY))?.access_token).toBe('t1');
    expect(a.session.getItem(SESSION_KEY)).toBeNull();

    a.store.login(session('t2'), 'session');
    expect(local.getItem(SESSION_KEY)).toBeNull();
    expect(parseSession(a.session.getItem(SESSION_KEY))?.access_token).toBe('t2');
    expect(a.store.persistence()).toBe('session');
  });

  it('reads a stored session back at start, and drops an expired or malformed one', () => {
    const local = memoryStorage();
    local.setItem(SESSION_KEY, JSON.stringify(session('kept')));
    expect(createSessionStore({ local, session: memoryStorage(), channel: null, now: () => NOW }).get()?.access_token).toBe('kept');

    local.setItem(SESSION_KEY, JSON.stringify(session('old', '2026-11-22T09:59:59.000Z')));
    expect(createSessionStore({ local, session: memoryStorage(), channel: null, now: () => NOW }).get()).toBeNull();
    expect(local.getItem(SESSION_KEY)).toBeNull();

    local.setItem(SESSION_KEY, '{"access_token":42}');
    expect(createSessionStore({ local, session: memoryStorage(), channel: null, now: () => NOW }).get()).toBeNull();
    local.setItem(SESSION_KEY, 'not json');
    expect(createSessionStore({ local, session: memoryStorage(), channel: null, now: () => NOW }).get()).toBeNull();
  });

  it('reads as logged out once the token expires, without a reload', () => {
    let now = NOW;
    const store = createSessionStore({ local: memoryStorage(), session: memoryStorage(), channel: null, now: () => now });
    store.login(session('t', '2026-11-22T10:30:00.000Z'), 'local');
    expect(store.get()?.access_token).toBe('t');
    now = Date.parse('2026-11-22T10:30:00.000Z');
    expect(store.get()).toBeNull();
  });

  it('keeps a session whose access token expired while its refresh token is live, and lets calls wait for the next one', async () => {
    let now = NOW;
    const local = memoryStorage();
    const refreshable: Session = {
      ...session('old', '2026-11-22T09:00:00.000Z'),
      refresh_token: 'r1',
      refresh_expires_at: '2026-12-22T10:00:00.000Z',
    };
    local.setItem(SESSION_KEY, JSON.stringify(refreshable));
    // Woken after the access token's hour: still signed in, so the refresh can run.
    const store = createSessionStore({ local, session: memoryStorage(), channel: null, now: () => now });
    expect(store.get()?.refresh_token).toBe('r1');

    let waited = false;
    const call = liveAccess(store, () => now, 5_000).then(() => {
      waited = true;
    });
    await Promise.resolve();
    expect(waited).toBe(false);
    store.update(session('fresh'));
    await call;
    expect(waited).toBe(true);
    expect(store.get()?.access_token).toBe('fresh');

    // Once the refresh token has expired too, the session is over.
    store.update({ ...refreshable, refresh_expires_at: '2026-11-22T10:30:00.000Z' });
    expect(store.get()).not.toBeNull();
    now = Date.parse('2026-11-22T10:30:00.000Z');
    expect(store.get()).toBeNull();
    await liveAccess(store, () => now, 5_000);
  });

  it('sends a login to the other tab, which stores it the same way and hears "login"', () => {
    const { a, b } = twoTabs();
    const heard: string[] = [];
    b.store.onRemoteEvent((event) => heard.push(event.type));
    let renders = 0;
    b.store.subscribe(() => renders++);

    a.store.login(session('shared'), 'session');

    expect(heard).toEqual(['login']);
    expect(b.store.get()?.access_token).toBe('shared');
    // A per-tab login stays per tab in the other tab too.
    expect(parseSession(b.session.getItem(SESSION_KEY))?.access_token).toBe('shared');
    expect(renders).toBe(1);
  });

  it('logs the other tabs out, unless told not to broadcast (a 401 seen by one tab)', () => {
    const { a, b } = twoTabs();
    const heard: string[] = [];
    b.store.onRemoteEvent((event) => heard.push(event.type));
    a.store.login(session('t'), 'session');

    a.store.clear({ broadcast: false });
    expect(a.store.get()).toBeNull();
    expect(b.store.get()?.access_token).toBe('t');

    a.store.login(session('t2'), 'session');
    a.store.clear();
    expect(b.store.get()).toBeNull();
    expect(b.session.getItem(SESSION_KEY)).toBeNull();
    expect(heard).toEqual(['login', 'login', 'logout']);
  });

  it('tells the other tabs about an asset switch, and a password change updates their token quietly', () => {
    const { a, b } = twoTabs();
    const heard: unknown[] = [];
    a.store.login(session('before'), 'local');
    b.store.onRemoteEvent((event) => heard.push(event));

    a.store.notifyAssetSwitch('asset-2');
    a.store.update(session('after'));

    expect(heard).toEqual([{ type: 'asset-switch', assetId: 'asset-2' }]);
    expect(b.store.get()?.access_token).toBe('after');
  });

  it('hands its per-tab session to a new tab that asks for it', async () => {
    const local = memoryStorage();
    const bus = hub();
    const open = createSessionStore({ local, session: memoryStorage(), channel: bus.tab(), now: () => NOW });
    open.login(session('per-tab'), 'session');
    const fresh = createSessionStore({ local, session: memoryStorage(), channel: bus.tab(), now: () => NOW });

    await expect(fresh.requestFromOtherTabs(50)).resolves.toBe(true);
    expect(fresh.get()?.access_token).toBe('per-tab');
    expect(fresh.persistence()).toBe('session');
  });

  it('stops waiting when no tab answers', async () => {
    const bus = hub();
    const lonely = createSessionStore({ local: memoryStorage(), session: memoryStorage(), channel: bus.tab(), now: () => NOW });
    await expect(lonely.requestFromOtherTabs(10)).resolves.toBe(false);
    expect(lonely.get()).toBeNull();
  });

  it('ignores a message carrying something that is not a session', () => {
    const bus = hub();
    const sender = bus.tab();
    const store = createSessionStore({ local: memoryStorage(), session: memoryStorage(), channel: bus.tab(), now: () => NOW });
    sender.post({ type: 'login', session: { access_token: '' } as unknown as Session, persistence: 'local' });
    expect(store.get()).toBeNull();
  });
});

describe('tab channel', () => {
  it('accepts only its own message types', () => {
    expect(asTabMessage({ type: 'logout' })).toEqual({ type: 'logout' });
    expect(asTabMessage({ type: 'drop-tables' })).toBeNull();
    expect(asTabMessage('logout')).toBeNull();
    expect(asTabMessage(null)).toBeNull();
  });

  it('falls back to storage events, leaving nothing behind in localStorage', () => {
    const storage = memoryStorage();
    type Listener = (event: { key: string | null; newValue: string | null }) => void;
    const listeners = new Set<Listener>();
    const target = {
      addEventListener: (_: 'storage', listener: Listener) => void listeners.add(listener),
      removeEventListener: (_: 'storage', listener: Listener) => void listeners.delete(listener),
    };
    // The browser fires `storage` in the other tabs on each write; replay the writes to them here.
    const writes: { key: string; value: string }[] = [];
    const recording: Storage = {
      ...storage,
      length: 0,
      clear: () => undefined,
      key: () => null,
      setItem: (key: string, value: string) => {
        writes.push({ key, value });
        storage.setItem(key, value);
      },
    };
    const sender = storageEventTransport(recording, target);
    const received: TabMessage[] = [];
    const unsubscribe = storageEventTransport(storage as unknown as Storage, target).subscribe((message) => received.push(message));

    sender.post({ type: 'asset-switch', assetId: 'a2' });
    for (const write of writes) for (const listener of listeners) listener({ key: write.key, newValue: write.value });
    for (const listener of listeners) listener({ key: 'unrelated', newValue: '{"type":"logout"}' });

    expect(received).toMatchObject([{ type: 'asset-switch', assetId: 'a2' }]);
    expect(storage.getItem(TAB_MESSAGE_KEY)).toBeNull();
    unsubscribe();
    expect(listeners.size).toBe(0);
  });
});

describe('session origin', () => {
  it('tells a login in this tab from one handed over by another tab or read at start', () => {
    const { local, a, b } = twoTabs();
    a.store.login(session('t'), 'local');
    expect(a.store.origin()).toBe('this-tab');
    expect(b.store.origin()).toBe('other-tab');
    a.store.update(session('t2'));
    expect(a.store.origin()).toBe('this-tab');
    expect(b.store.origin()).toBe('other-tab');
    const restarted = createSessionStore({ local, session: memoryStorage(), channel: null, now: () => NOW });
    expect(restarted.origin()).toBe('stored');
    a.store.clear();
    expect(a.store.origin()).toBeNull();
  });
});

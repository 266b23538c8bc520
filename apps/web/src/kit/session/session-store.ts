/**
 * The browser session: the access token object auth.login answers, kept in localStorage ("remember me")
 * or sessionStorage, and shared with the other tabs of the same origin (docs/product.md 'Session and assets').
 * Pure of React and of the DOM globals, so it is unit-tested in node with fakes.
 */
import { SessionSchema, type Session } from '@crm/domain';

export type { Session };

export type SessionPersistence = 'local' | 'session';

/** Where the current session came from: read at start, logged in here, or handed over by another tab. */
export type SessionOrigin = 'stored' | 'this-tab' | 'other-tab';

/** What one tab tells the others. */
export type TabMessage =
  | { type: 'login'; session: Session; persistence: SessionPersistence }
  | { type: 'session-update'; session: Session; persistence: SessionPersistence }
  | { type: 'logout' }
  | { type: 'asset-switch'; assetId: string }
  /** A new tab without a session asks an open one (a sessionStorage session is per tab). */
  | { type: 'session-request' }
  | { type: 'session-reply'; session: Session; persistence: SessionPersistence };

export type RemoteEvent = Extract<TabMessage, { type: 'login' | 'logout' | 'asset-switch' }>;

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface TabChannel {
  post(message: TabMessage): void;
  subscribe(handler: (message: TabMessage) => void): () => void;
}

export const SESSION_KEY = 'crm.session';

export interface SessionStoreOptions {
  local: StorageLike;
  session: StorageLike;
  channel: TabChannel | null;
  now?: () => number;
}

export interface SessionStore {
  get(): Session | null;
  persistence(): SessionPersistence | null;
  origin(): SessionOrigin | null;
  /** Stores a new session (login) and tells the other tabs to go home. */
  login(session: Session, persistence: SessionPersistence): void;
  /** Replaces the token of the current session (password change) without moving the other tabs. */
  update(session: Session): void;
  /** Forgets the session; `broadcast` (default true) sends the other tabs to /auth. */
  clear(options?: { broadcast?: boolean }): void;
  notifyAssetSwitch(assetId: string): void;
  /** Asks the other tabs for their session; resolves true when one answered within `timeoutMs`. */
  requestFromOtherTabs(timeoutMs: number): Promise<boolean>;
  subscribe(listener: () => void): () => void;
  onRemoteEvent(listener: (event: RemoteEvent) => void): () => void;
}

export function isExpired(session: Pick<Session, 'expires_at'>, now: number): boolean {
  const at = Date.parse(session.expires_at);
  // An unreadable expiry is left to the server to judge (it answers 401, which clears the session).
  return Number.isFinite(at) && at <= now;
}

/**
 * A session the browser may still use: its access token is live, or its refresh token is and buys the next one
 * (docs/api.md 'Refresh tokens'), so a laptop woken after the access token's hour is still signed in.
 */
export function isUsable(session: Pick<Session, 'expires_at' | 'refresh_token' | 'refresh_expires_at'>, now: number): boolean {
  if (!isExpired(session, now)) return true;
  if (!session.refresh_token || !session.refresh_expires_at) return false;
  return !isExpired({ expires_at: session.refresh_expires_at }, now);
}

/**
 * Resolves once the store's access token is live (or there is no session): a call made while an expired token is
 * being refreshed waits for the new one instead of answering 401 and signing the person out. Gives up after
 * `timeoutMs` (the call then goes with what there is, and the server judges it).
 */
export function liveAccess(
  store: { get(): Session | null; subscribe(listener: () => void): () => void },
  now: () => number = Date.now,
  timeoutMs = 10_000,
): Promise<void> {
  const ready = () => {
    const session = store.get();
    return !session || !isExpired(session, now());
  };
  if (ready()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const stop = store.subscribe(() => {
      if (ready()) done();
    });
  });
}

/** A stored or received session, or null when it is not one (old format, tampered, foreign). */
export function asSession(value: unknown): Session | null {
  const result = SessionSchema.safeParse(value);
  return result.success ? result.data : null;
}

export function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    return asSession(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const now = options.now ?? Date.now;
  const storages: Record<SessionPersistence, StorageLike> = { local: options.local, session: options.session };
  const listeners = new Set<() => void>();
  const remoteListeners = new Set<(event: RemoteEvent) => void>();
  const pendingRequests = new Set<(answered: boolean) => void>();

  let current: { session: Session; persistence: SessionPersistence; origin: SessionOrigin } | null = readStored();

  function readStored(): { session: Session; persistence: SessionPersistence; origin: SessionOrigin } | null {
    for (const persistence of ['session', 'local'] as const) {
      const session = parseSession(safeGet(storages[persistence]));
      if (session && isUsable(session, now())) return { session, persistence, origin: 'stored' };
      if (session) safeRemove(storages[persistence]);
    }
    return null;
  }

  function write(session: Session, persistence: SessionPersistence, origin: SessionOrigin) {
    const other: SessionPersistence = persistence === 'local' ? 'session' : 'local';
    safeRemove(storages[other]);
    safeSet(storages[persistence], JSON.stringify(session));
    current = { session, persistence, origin };
    emit();
  }

  function forget() {
    safeRemove(storages.local);
    safeRemove(storages.session);
    if (current === null) return;
    current = null;
    emit();
  }

  function emit() {
    for (const listener of listeners) listener();
  }

  function emitRemote(event: RemoteEvent) {
    for (const listener of remoteListeners) listener(event);
  }

  options.channel?.subscribe((message) => {
    switch (message.type) {
      case 'login': {
        const session = asSession(message.session);
        if (!session) break;
        write(session, persistenceOf(message.persistence), 'other-tab');
        emitRemote({ type: 'login', session, persistence: persistenceOf(message.persistence) });
        break;
      }
      case 'session-update': {
        const session = asSession(message.session);
        if (session) write(session, persistenceOf(message.persistence), current?.origin ?? 'other-tab');
        break;
      }
      case 'logout':
        forget();
        emitRemote(message);
        break;
      case 'asset-switch':
        emitRemote(message);
        break;
      case 'session-request': {
        const live = store.get();
        const persistence = current?.persistence;
        if (live && persistence) options.channel?.post({ type: 'session-reply', session: live, persistence });
        break;
      }
      case 'session-reply': {
        const session = asSession(message.session);
        if (store.get() === null && session && isUsable(session, now())) {
          write(session, persistenceOf(message.persistence), 'other-tab');
          for (const resolve of pendingRequests) resolve(true);
          pendingRequests.clear();
        }
        break;
      }
    }
  });

  const store: SessionStore = {
    get() {
      // Pure read (React calls it during render): a session neither token can carry reads as no session.
      if (current && !isUsable(current.session, now())) return null;
      return current?.session ?? null;
    },
    persistence: () => current?.persistence ?? null,
    origin: () => current?.origin ?? null,
    login(session, persistence) {
      write(session, persistence, 'this-tab');
      options.channel?.post({ type: 'login', session, persistence });
    },
    update(session) {
      const persistence = current?.persistence ?? 'session';
      write(session, persistence, current?.origin ?? 'this-tab');
      options.channel?.post({ type: 'session-update', session, persistence });
    },
    clear({ broadcast = true } = {}) {
      forget();
      if (broadcast) options.channel?.post({ type: 'logout' });
    },
    notifyAssetSwitch(assetId) {
      options.channel?.post({ type: 'asset-switch', assetId });
    },
    requestFromOtherTabs(timeoutMs) {
      if (store.get() !== null) return Promise.resolve(true);
      const channel = options.channel;
      if (!channel) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const done = (answered: boolean) => {
          clearTimeout(timer);
          pendingRequests.delete(done);
          resolve(answered);
        };
        const timer = setTimeout(() => done(false), timeoutMs);
        pendingRequests.add(done);
        channel.post({ type: 'session-request' });
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onRemoteEvent(listener) {
      remoteListeners.add(listener);
      return () => remoteListeners.delete(listener);
    },
  };
  return store;
}

/** Another tab's word is checked like anything else coming in. */
function persistenceOf(value: unknown): SessionPersistence {
  return value === 'local' ? 'local' : 'session';
}

// Storage can throw (quota, private mode, disabled cookies): a session then lives in memory only.
function safeGet(storage: StorageLike): string | null {
  try {
    return storage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}
function safeSet(storage: StorageLike, value: string) {
  try {
    storage.setItem(SESSION_KEY, value);
  } catch {
    /* kept in memory */
  }
}
function safeRemove(storage: StorageLike) {
  try {
    storage.removeItem(SESSION_KEY);
  } catch {
    /* nothing stored */
  }
}

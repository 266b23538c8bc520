import { SESSION_REFRESH_MARGIN_MS, type Session } from '@crm/domain';

/**
 * Silent refresh of the web session (docs/api.md 'Refresh tokens'): shortly before the access token expires, its
 * refresh token buys the next session, which replaces it in the store (and so in every tab). Pure of the DOM and
 * of tRPC, so it is unit-tested in node with fakes; main.tsx wires it to the browser.
 *
 * A refresh token works once, and a spent one presented again ends the whole sign-in. So tabs never refresh side by
 * side: `exclusive` runs one refresh at a time across the tabs of the browser, and a tab that finds the session
 * already moved on (another tab refreshed it) does nothing.
 */

export interface RefreshStore {
  get(): Session | null;
  update(session: Session): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export interface SessionRefreshOptions {
  store: RefreshStore;
  refresh: (refreshToken: string) => Promise<Session>;
  /** Runs the task while no other tab runs one (Web Locks in the browser). */
  exclusive: (task: () => Promise<void>) => Promise<void>;
  /** The server refused the token (401): the sign-in is over. Anything else (offline, 503) is retried. */
  isRefused: (error: unknown) => boolean;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /** Wait before trying again after a failure that was not a refusal. */
  retryMs?: number;
}

/**
 * When to refresh a session: a margin before its access token expires (now, if that is past). The margin is at
 * most half the token's life, so a short-lived token is not refreshed again the moment it arrives.
 */
export function refreshDelay(session: Pick<Session, 'expires_at' | 'expires_in'>, now: number): number {
  const at = Date.parse(session.expires_at);
  if (!Number.isFinite(at)) return 0;
  const margin = Math.min(SESSION_REFRESH_MARGIN_MS, (Math.max(0, session.expires_in) * 1000) / 2);
  return Math.max(0, at - margin - now);
}

/** Starts refreshing the store's session whenever it is due; answers how to stop. */
export function startSessionRefresh(options: SessionRefreshOptions): () => void {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const retryMs = options.retryMs ?? 15_000;
  let timer: unknown = null;
  let running = false;

  const cancel = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  const schedule = () => {
    if (running) return;
    cancel();
    const session = options.store.get();
    // A session stored before refresh tokens existed simply ends at its expiry.
    if (!session?.refresh_token) return;
    const token = session.refresh_token;
    timer = setTimer(() => void run(token), refreshDelay(session, now()));
  };

  const run = async (token: string) => {
    timer = null;
    running = true;
    let retry = false;
    try {
      await options.exclusive(async () => {
        const current = options.store.get();
        if (!current || current.refresh_token !== token) return;
        options.store.update(await options.refresh(token));
      });
    } catch (error) {
      if (options.isRefused(error)) options.store.clear();
      else retry = true;
    } finally {
      running = false;
    }
    if (retry && options.store.get()?.refresh_token === token) timer = setTimer(() => void run(token), retryMs);
    else schedule();
  };

  const unsubscribe = options.store.subscribe(schedule);
  schedule();
  return () => {
    unsubscribe();
    cancel();
  };
}

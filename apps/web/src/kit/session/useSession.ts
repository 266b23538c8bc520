import { useSyncExternalStore } from 'react';
import { sessionStore } from './session';
import type { Session } from './session-store';

/** The current session (null when logged out); re-renders on login, logout and other tabs' changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => null);
}

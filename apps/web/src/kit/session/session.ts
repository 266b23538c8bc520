import { createSessionStore, type StorageLike } from './session-store';
import { createTabChannel } from './tab-channel';

function memoryStorage(): StorageLike {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

// Reading window.localStorage itself throws when storage is disabled; fall back to memory.
function browserStorage(kind: 'localStorage' | 'sessionStorage'): StorageLike {
  try {
    return window[kind];
  } catch {
    return memoryStorage();
  }
}

/** The one session of this tab. */
export const sessionStore = createSessionStore({
  local: browserStorage('localStorage'),
  session: browserStorage('sessionStorage'),
  channel: createTabChannel(),
});

// Whether this page load has had a session. Once it has, a lost session (logout, 401, another tab)
// sends the user to /auth without the "no permission" toast, which is for opening a page logged out.
let sessionSeen = sessionStore.get() !== null;
sessionStore.subscribe(() => {
  if (sessionStore.get() !== null) sessionSeen = true;
});

export function sessionWasSeen(): boolean {
  return sessionSeen;
}

import type { TabChannel, TabMessage } from './session-store';

export const TAB_CHANNEL_NAME = 'crm.session';
/** localStorage key used only to carry messages when BroadcastChannel is missing. */
export const TAB_MESSAGE_KEY = 'crm.session.message';

interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

interface StorageEventTarget {
  addEventListener(type: 'storage', listener: (event: { key: string | null; newValue: string | null }) => void): void;
  removeEventListener(type: 'storage', listener: (event: { key: string | null; newValue: string | null }) => void): void;
}

const MESSAGE_TYPES: ReadonlySet<string> = new Set<TabMessage['type']>([
  'login',
  'session-update',
  'logout',
  'asset-switch',
  'session-request',
  'session-reply',
]);

/** Accepts only messages of our own shape: anything else on the channel is ignored. */
export function asTabMessage(value: unknown): TabMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' && MESSAGE_TYPES.has(type) ? (value as TabMessage) : null;
}

export function broadcastChannelTransport(channel: BroadcastChannelLike): TabChannel {
  return {
    post: (message) => channel.postMessage(message),
    subscribe(handler) {
      const listener = (event: { data: unknown }) => {
        const message = asTabMessage(event.data);
        if (message) handler(message);
      };
      channel.addEventListener('message', listener);
      return () => channel.removeEventListener('message', listener);
    },
  };
}

/**
 * Fallback for browsers without BroadcastChannel: a write to localStorage fires a `storage` event in every
 * other tab. The key is removed at once so a token never stays in localStorage for a per-tab session.
 */
export function storageEventTransport(storage: Storage, target: StorageEventTarget): TabChannel {
  return {
    post(message) {
      try {
        storage.setItem(TAB_MESSAGE_KEY, JSON.stringify({ ...message, nonce: Math.random() }));
        storage.removeItem(TAB_MESSAGE_KEY);
      } catch {
        /* storage unavailable: the other tabs catch up on their next request */
      }
    },
    subscribe(handler) {
      const listener = (event: { key: string | null; newValue: string | null }) => {
        if (event.key !== TAB_MESSAGE_KEY || !event.newValue) return;
        try {
          const message = asTabMessage(JSON.parse(event.newValue));
          if (message) handler(message);
        } catch {
          /* not ours */
        }
      };
      target.addEventListener('storage', listener);
      return () => target.removeEventListener('storage', listener);
    },
  };
}

/** The best transport the browser offers, or null outside a browser. */
export function createTabChannel(): TabChannel | null {
  if (typeof window === 'undefined') return null;
  if (typeof BroadcastChannel !== 'undefined') return broadcastChannelTransport(new BroadcastChannel(TAB_CHANNEL_NAME));
  try {
    return storageEventTransport(window.localStorage, window);
  } catch {
    return null;
  }
}

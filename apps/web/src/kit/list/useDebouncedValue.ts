import { useEffect, useState } from 'react';

/**
 * The value as it was `delayMs` after its last change; `isPending` while a newer value waits. Values are
 * compared by `keyOf` (JSON by default), so an equal object built anew does not restart the wait.
 */
export function useDebouncedValue<T>(
  value: T,
  delayMs: number,
  keyOf: (value: T) => string = (v) => JSON.stringify(v),
): { value: T; isPending: boolean } {
  const key = keyOf(value);
  const [settled, setSettled] = useState<{ key: string; value: T }>({ key, value });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `value` is represented by `key`; an equal object built anew must not restart the wait
  useEffect(() => {
    if (key === settled.key) return;
    const timer = setTimeout(() => setSettled({ key, value }), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs, settled.key]);

  return { value: settled.value, isPending: key !== settled.key };
}

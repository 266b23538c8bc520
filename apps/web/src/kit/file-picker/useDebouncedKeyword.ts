import { DEBOUNCE_MS, sanitizeSearchTerm } from '@crm/domain';
import { useEffect, useState } from 'react';

/**
 * The search box's text as sent: trimmed and regex-escaped (docs/product.md 'Lists'), 500 ms after the last
 * keystroke. Clearing the box applies at once.
 */
export function useDebouncedKeyword(text: string): string {
  const term = sanitizeSearchTerm(text);
  const [settled, setSettled] = useState(term);
  useEffect(() => {
    if (term === settled) return;
    const timer = setTimeout(() => setSettled(term), term ? DEBOUNCE_MS.SEARCH_INPUT : 0);
    return () => clearTimeout(timer);
  }, [term, settled]);
  return settled;
}

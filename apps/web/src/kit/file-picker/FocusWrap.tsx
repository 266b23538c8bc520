import { type ReactNode, useEffect, useRef } from 'react';

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
].join(',');

/** What Tab may reach inside `root`, in order: enabled, rendered (not in a hidden tab), not taken out of the order. */
function tabbablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );
}

/**
 * Keeps Tab and Shift+Tab cycling inside a dialog (WCAG 2.2 'Focus order'; the ARIA modal dialog pattern). antd's
 * own lock only catches the focus once it lands outside, and a modal rendered last in the page lets Tab leave the
 * page for the browser's toolbar first; this wraps from the last control to the first, and back, directly.
 */
export function FocusWrap({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = tabbablesIn(root);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const target = event.shiftKey ? (document.activeElement === first ? last : null) : document.activeElement === last ? first : null;
      if (!target) return;
      event.preventDefault();
      target.focus();
    };
    root.addEventListener('keydown', onKeyDown);
    return () => root.removeEventListener('keydown', onKeyDown);
  }, []);
  return <div ref={ref}>{children}</div>;
}

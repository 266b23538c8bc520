import { useEffect } from 'react';

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/**
 * While `open`, Tab and Shift+Tab wrap inside the element `selector` finds (the ARIA modal dialog pattern; WCAG
 * 2.4.3): antd's drawer only catches the focus once it has left, and from the drawer's last control Tab leaves the
 * page for the browser first. The modal file picker does the same with FocusWrap.
 */
export function useTabWrap(open: boolean, selector: string): void {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const root = document.querySelector<HTMLElement>(selector);
      if (!root) return;
      const items = [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
        (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
      );
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      const outside = !(active instanceof Node) || !root.contains(active);
      const target = event.shiftKey ? (active === first || outside ? last : null) : active === last || outside ? first : null;
      if (!target) return;
      event.preventDefault();
      target.focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [open, selector]);
}

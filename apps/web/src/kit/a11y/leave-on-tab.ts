const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** What Tab may reach in the document, in order (enabled, shown, not taken out of the order). */
function tabbables(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );
}

/**
 * Makes Tab and Shift+Tab leave `container` for the control after or before it (WCAG 2.1.2 No keyboard trap).
 * antd's range picker keeps the focus between its two dates while one is empty, so Tab never leaves it; with this
 * it does (Enter still moves from the first date to the second). Returns the listener's removal.
 */
export function leaveOnTab(container: HTMLElement): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
    const all = tabbables();
    const inside = all.filter((element) => container.contains(element));
    const first = inside[0];
    const last = inside[inside.length - 1];
    if (!first || !last) return;
    const target = event.shiftKey ? all[all.indexOf(first) - 1] : all[all.indexOf(last) + 1];
    if (!target) return;
    // Before the picker's own handler (which would move the focus back to the empty date).
    event.preventDefault();
    event.stopPropagation();
    target.focus();
  };
  container.addEventListener('keydown', onKeyDown, true);
  return () => container.removeEventListener('keydown', onKeyDown, true);
}

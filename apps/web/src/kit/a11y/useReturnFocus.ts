import { useCallback, useEffect, useRef } from 'react';

/**
 * Gives the focus back to what opened an overlay (a drawer, a modal) once it closes (WCAG 2.4.3 Focus order).
 * The opener is read while rendering the open overlay: antd's own record of it runs after the overlay has already
 * taken the focus, so the focus would otherwise fall to the page. Call `returnFocus` also from the overlay's
 * `afterOpenChange(false)`: a drawer closed while still opening skips the end of its closing animation.
 */
export function useReturnFocus(open: boolean): () => void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  wasOpen.current = open;
  const returnFocus = useCallback(() => {
    if (opener.current?.isConnected) opener.current.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    if (!open) returnFocus();
  }, [open, returnFocus]);
  return returnFocus;
}

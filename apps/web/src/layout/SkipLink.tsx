/** The id of the frame's main region, the target of the skip link. */
export const MAIN_ID = 'main-content';

/**
 * 'Skip to main content' (WCAG 2.4.1 Bypass blocks): the first stop of Tab on every framed page, shown only while
 * focused, it moves the focus past the side menu's sixty links to the page itself.
 */
export function SkipLink() {
  return (
    <a
      className="crm-skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        // The router owns the URL: move the focus without adding '#main-content' to it.
        event.preventDefault();
        const main = document.getElementById(MAIN_ID);
        main?.focus();
        main?.scrollIntoView({ block: 'start' });
      }}
    >
      Skip to main content
    </a>
  );
}

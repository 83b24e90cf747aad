// After an in-app navigation the focus would stay on the link that was pressed (or fall to <body> when
// that link is gone): a screen reader then says nothing of the new page. So it moves to the new page's
// main heading (its h1), once that is shown: a page may show a spinner first. Not on the first load,
// where the browser starts at the top of the document anyway, and not when the new page placed the
// focus itself (a field, a dialog). docs/architecture.md, "Failure the user can see".
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a new page may take to show its heading before the focus is left where it is. */
export const HEADING_WAIT_MS = 10_000;

function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

/**
 * The new page put the focus somewhere on purpose: a field (autofocus) or a dialog. A link or a button
 * that still has it is the one that was pressed: that focus is moved.
 */
function focusPlacedByPage(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  return active.matches('input, textarea, select, [contenteditable="true"]') || active.closest('[role="dialog"], [role="alertdialog"]') !== null;
}

function focusHeading(heading: HTMLElement): void {
  // Focusable by script only: it does not join the tab order.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/** Focuses the main heading as soon as there is one; returns the cancel. */
export function focusMainHeadingWhenShown(waitMs: number = HEADING_WAIT_MS): () => void {
  const tryFocus = (): boolean => {
    if (focusPlacedByPage()) return true;
    const heading = mainHeading();
    if (!heading) return false;
    focusHeading(heading);
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/** Moves the focus to the new page's h1 after each change of page (the path; not a query or a hash). */
export function useFocusOnNavigate(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return undefined;
    shown.current = pathname;
    return focusMainHeadingWhenShown();
  }, [pathname]);
}

// Where the toast goes. Every part of a screen may hold a control or the page's heading, so the toast
// takes the edge where it covers none right now (or the fewest): it is tried at each edge, in the
// order of preference, and measured there. toast.css says where each edge is for each screen width.

export type ToastEdge = 'top' | 'bottom';

/** The width below which the screen is a phone (dashboard-layout.css uses the same). */
export const PHONE_QUERY = '(max-width: 767px)';

/** What a toast must not cover: controls and the page's main heading. */
const OBSTACLES = 'a[href], button, input, select, textarea, [role="switch"], [role="radio"], [tabindex]:not([tabindex="-1"]), h1';

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function obstaclesUnder(box: DOMRect, stack: HTMLElement): number {
  let count = 0;
  for (const element of document.querySelectorAll<HTMLElement>(OBSTACLES)) {
    if (stack.contains(element)) continue;
    const other = element.getBoundingClientRect();
    if (other.width > 0 && other.height > 0 && overlaps(box, other)) count += 1;
  }
  return count;
}

/**
 * The edge of `preference` where the stack, as tall as it is now, covers the fewest obstacles; the
 * first one on a tie. The stack's `data-edge` is left as it was.
 */
export function chooseToastEdge(stack: HTMLElement, preference: readonly ToastEdge[]): ToastEdge {
  const shown = stack.getAttribute('data-edge');
  let best: ToastEdge = preference[0] ?? 'bottom';
  let fewest = Number.POSITIVE_INFINITY;
  for (const edge of preference) {
    stack.setAttribute('data-edge', edge);
    const count = obstaclesUnder(stack.getBoundingClientRect(), stack);
    if (count < fewest) {
      best = edge;
      fewest = count;
    }
    if (count === 0) break;
  }
  if (shown === null) stack.removeAttribute('data-edge');
  else stack.setAttribute('data-edge', shown);
  return best;
}

/** Phones keep the top bar free first; wider screens first use the header's empty left part. */
export function edgePreference(): readonly ToastEdge[] {
  const phone = typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
  return phone ? ['bottom', 'top'] : ['top', 'bottom'];
}

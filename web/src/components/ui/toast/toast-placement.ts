// Where the toasts go on a phone. Every part of a small screen may hold a control, so the stack takes
// the edge where it covers none right now (or the fewest): just below the top bar, or the bottom.
// Wider screens place it by CSS alone (toast.css), where the header has room.

export type ToastEdge = 'top' | 'bottom';

/** The width below which the edge is chosen here (dashboard-layout.css uses the same). */
export const PHONE_QUERY = '(max-width: 767px)';

const CONTROLS = 'a[href], button, input, select, textarea, [role="switch"], [role="radio"], [tabindex]:not([tabindex="-1"])';
/** toast.css: the gap between the stack and the bar or the screen's edge. */
const GAP = 12;

type Band = { top: number; bottom: number };

function controlsIn(band: Band, stack: HTMLElement): number {
  let count = 0;
  for (const control of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (stack.contains(control)) continue;
    const box = control.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && box.top < band.bottom && band.top < box.bottom) count += 1;
  }
  return count;
}

/** The edge for a stack `stack` as tall as it is now; the top bar is `.dashboard-header` when there is one. */
export function chooseToastEdge(stack: HTMLElement): ToastEdge {
  const height = stack.getBoundingClientRect().height;
  const barBottom = document.querySelector('.dashboard-header')?.getBoundingClientRect().bottom ?? 0;
  const top: Band = { top: Math.max(barBottom, 0) + GAP, bottom: Math.max(barBottom, 0) + GAP + height };
  const bottom: Band = { top: window.innerHeight - GAP - height, bottom: window.innerHeight - GAP };
  const atBottom = controlsIn(bottom, stack);
  if (atBottom === 0) return 'bottom';
  return controlsIn(top, stack) < atBottom ? 'top' : 'bottom';
}

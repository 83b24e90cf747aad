/** What Tab reaches inside a focus trap (a dialog, the phone menu drawer): links, enabled controls, and anything with a tabindex of 0 or more. */
const FOCUSABLE = 'a[href], area[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements of `scope` Tab can reach, in document order. */
export function focusableIn(scope: ParentNode): HTMLElement[] {
  return Array.from(scope.querySelectorAll<HTMLElement>(FOCUSABLE));
}

// Which columns of a sideways-scrolling table are out of view, so the table can say so ("Scroll for
// Tokens, Time and Status") instead of hiding them without a word on a narrow screen.
import { useEffect, useState, type RefObject } from 'react';

/** "Status", "Time and Status", "Tokens, Time and Status". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export type ScrollHint = {
  /** The header texts of the columns not fully in view, in column order. */
  hidden: string[];
  /** More of the table lies to the right (the fade at the edge). */
  moreRight: boolean;
};

const NONE: ScrollHint = { hidden: [], moreRight: false };

function measure(scroller: HTMLElement): ScrollHint {
  const box = scroller.getBoundingClientRect();
  // Half a pixel of rounding is not a hidden column.
  const hidden = Array.from(scroller.querySelectorAll<HTMLElement>('thead th'))
    .filter((cell) => {
      const rect = cell.getBoundingClientRect();
      return rect.right > box.right + 1 || rect.left < box.left - 1;
    })
    .map((cell) => (cell.textContent ?? '').trim())
    .filter(Boolean);
  const moreRight = scroller.scrollWidth - scroller.clientWidth - scroller.scrollLeft > 1;
  return hidden.length === 0 && !moreRight ? NONE : { hidden, moreRight };
}

/** Follows the scroller's scrolling and size; `version` changes when the rows or columns do. */
export function useScrollHint(scrollerRef: RefObject<HTMLElement | null>, version: unknown): ScrollHint {
  const [hint, setHint] = useState<ScrollHint>(NONE);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return undefined;
    const update = () =>
      setHint((previous) => {
        const next = measure(scroller);
        return previous.moreRight === next.moreRight && previous.hidden.join('\n') === next.hidden.join('\n') ? previous : next;
      });
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(scroller);
    const table = scroller.querySelector('table');
    if (table) observer?.observe(table);
    return () => {
      scroller.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, [scrollerRef, version]);

  return hint;
}

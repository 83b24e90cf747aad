// The phone menu's behaviour (below 768 px the sidebar is a drawer opened by a button in the header):
// open/close state, focus into the drawer on open and back to the button that opened it on close,
// Tab kept inside while open, Escape closes, and it closes on navigation or when the window grows wide
// enough to show the sidebar again.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { focusableIn } from '@/lib/focusable';

/** Where the sidebar stops being a drawer (dashboard-layout.css and dashboard-sidebar.css use the same width). */
export const DESKTOP_QUERY = '(min-width: 768px)';

export type Drawer = {
  open: boolean;
  drawerRef: RefObject<HTMLElement | null>;
  /** Opens from `trigger` (focus goes back to it on close) and moves focus to `focusSelector` inside, or the first control. */
  show: (trigger: HTMLElement, focusSelector?: string) => void;
  close: () => void;
};

export function useDrawer(): Drawer {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // A followed link (a new page) leaves the drawer behind: adjusted while rendering, as React advises
  // for state that follows a prop, rather than in an effect.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }
  const drawerRef = useRef<HTMLElement | null>(null);
  const triggerRef = useRef<HTMLElement | null>(null);
  const focusRef = useRef<string | undefined>(undefined);

  const close = useCallback(() => setOpen(false), []);
  const show = useCallback((trigger: HTMLElement, focusSelector?: string) => {
    triggerRef.current = trigger;
    focusRef.current = focusSelector;
    setOpen(true);
  }, []);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const wide = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    const drawer = drawerRef.current;
    if (!open || !drawer) return undefined;
    const target = (focusRef.current ? drawer.querySelector<HTMLElement>(focusRef.current) : null) ?? focusableIn(drawer)[0];
    target?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (!drawer) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
        return;
      }
      if (event.key !== 'Tab') return;
      // A cycle through the button that opened it (it closes the drawer) and the drawer's controls; the
      // button sits elsewhere in the page, so each step is chosen here rather than left to the browser.
      const focusable = [...(triggerRef.current ? [triggerRef.current] : []), ...focusableIn(drawer)];
      if (focusable.length === 0) return;
      event.preventDefault();
      const index = focusable.indexOf(document.activeElement as HTMLElement);
      const next = index < 0 ? 0 : (index + (event.shiftKey ? -1 : 1) + focusable.length) % focusable.length;
      focusable[next]?.focus();
    }

    document.addEventListener('keydown', onKeyDown);
    const trigger = triggerRef.current;
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Back to the button that opened it (also after a link in the drawer was followed).
      if (trigger?.isConnected && (document.activeElement === document.body || drawer.contains(document.activeElement))) trigger.focus();
    };
  }, [open]);

  return { open, drawerRef, show, close };
}

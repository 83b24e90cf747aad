// How the landing page moves on to another screen. The landing page is the storefront and must stay
// small: it does not depend on the router, so it can be shown before the rest of the app has loaded
// (see main.tsx). Inside the app the router's navigate is given; on a first visit to /, the function
// that loads the app and then opens the screen.
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export type LandingNavigation = {
  /** Opens an in-app path (e.g. /register). */
  navigate: (href: string) => void;
  /** A hint that a navigation may follow (pointer over, or focus on, a link): start loading. */
  prepare?: () => void;
};

const LandingNavigationContext = createContext<LandingNavigation>({
  navigate: (href) => window.location.assign(href),
});

export const LandingNavigationProvider = LandingNavigationContext.Provider;

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

type LandingLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An in-app path. */
  to: string;
};

/** A link to another screen of the app: a real <a href> (new tab, copy link), opened in-app on a plain click. */
export function LandingLink({ to, onClick, onPointerEnter, onFocus, ...rest }: LandingLinkProps) {
  const { navigate, prepare } = useContext(LandingNavigationContext);

  return (
    <a
      {...rest}
      href={to}
      onPointerEnter={(event) => {
        prepare?.();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        prepare?.();
        onFocus?.(event);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event)) return;
        event.preventDefault();
        // A link to this very page (the brand) goes back to its top instead of opening it again.
        if (to === window.location.pathname) window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        else navigate(to);
      }}
    />
  );
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Brings a section of the page into view and moves the keyboard focus to it (the section has
 * tabIndex -1), so the next Tab continues from there. The address shows the section's fragment.
 */
export function scrollToSection(id: string, behavior: 'auto' | 'smooth' = 'smooth'): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ behavior: behavior === 'smooth' && !prefersReducedMotion() ? 'smooth' : 'auto', block: 'start' });
  target.focus({ preventScroll: true });
  return true;
}

type SectionLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** The id of a section of this page. */
  section: string;
};

/** A link to a section of the landing page, scrolled to in place. */
export function SectionLink({ section, onClick, ...rest }: SectionLinkProps) {
  return (
    <a
      {...rest}
      href={`#${section}`}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event)) return;
        if (!scrollToSection(section)) return;
        event.preventDefault();
        // The fragment in the address, without a history entry and keeping the router's state.
        window.history.replaceState(window.history.state, '', `#${section}`);
      }}
    />
  );
}

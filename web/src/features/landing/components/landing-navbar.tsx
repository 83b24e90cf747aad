import { useEffect, useId, useRef, useState } from 'react';
import { ThemeToggle } from '@/components/ui/theme/theme-toggle';
import { paths } from '@/config/paths';
import { BrandMark } from './brand-mark';
import { LandingLink, SectionLink } from './landing-navigation';
import { LANDING_MAIN_ID, SECTION_LINKS } from './landing-sections';
import '@/components/ui/icon-button/icon-button.css';
import './landing-navbar.css';

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg className="landing-nav__menu-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

/**
 * docs/product.md § Landing page: links that scroll to the sections, Privacy Policy and Terms Of Use, Sign In and Start
 * (→ register), the theme toggle. On small screens a burger menu holds the same items.
 */
export function LandingNavbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    // The menu belongs to small screens: it closes when the window grows past them.
    const wide = window.matchMedia?.('(min-width: 1024px)');
    const onWide = (event: MediaQueryListEvent) => {
      if (event.matches) setMenuOpen(false);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !headerRef.current?.contains(event.target)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    wide?.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      wide?.removeEventListener('change', onWide);
    };
  }, [menuOpen]);

  return (
    <header ref={headerRef} className="landing-nav">
      <SectionLink section={LANDING_MAIN_ID} className="skip-link">
        Skip to content
      </SectionLink>
      <div className="landing-nav__bar">
        <LandingLink to={paths.home.getHref()} className="brand-link landing-nav__brand" aria-label="Mailscribe home">
          <BrandMark />
          <span>Mailscribe</span>
        </LandingLink>

        <nav className="landing-nav__links" aria-label="Main">
          <ul className="landing-nav__list">
            {SECTION_LINKS.map(({ section, label }) => (
              <li key={section}>
                <SectionLink section={section} className="landing-nav__link">
                  {label}
                </SectionLink>
              </li>
            ))}
            <li>
              <LandingLink to={paths.privacyPolicy.getHref()} className="landing-nav__link">
                Privacy Policy
              </LandingLink>
            </li>
            <li>
              <LandingLink to={paths.termsOfUse.getHref()} className="landing-nav__link">
                Terms Of Use
              </LandingLink>
            </li>
          </ul>
        </nav>

        <div className="landing-nav__actions">
          <ThemeToggle />
          <LandingLink to={paths.login.getHref()} className="button button--ghost landing-nav__wide-only">
            Sign In
          </LandingLink>
          <LandingLink to={paths.register.getHref()} className="button button--primary landing-nav__wide-only">
            Start
          </LandingLink>
          <button
            ref={menuButtonRef}
            type="button"
            className="icon-button icon-button--framed landing-nav__menu-button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon open={menuOpen} />
          </button>
        </div>
      </div>

      {menuOpen ? (
        <nav id={menuId} className="landing-nav__menu" aria-label="Menu">
          <ul className="landing-nav__menu-list">
            {SECTION_LINKS.map(({ section, label }) => (
              <li key={section}>
                <SectionLink section={section} className="landing-nav__menu-link" onClick={closeMenu}>
                  {label}
                </SectionLink>
              </li>
            ))}
            <li>
              <LandingLink to={paths.privacyPolicy.getHref()} className="landing-nav__menu-link" onClick={closeMenu}>
                Privacy Policy
              </LandingLink>
            </li>
            <li>
              <LandingLink to={paths.termsOfUse.getHref()} className="landing-nav__menu-link" onClick={closeMenu}>
                Terms Of Use
              </LandingLink>
            </li>
          </ul>
          <div className="landing-nav__menu-actions">
            <LandingLink to={paths.login.getHref()} className="button button--secondary button--large" onClick={closeMenu}>
              Sign In
            </LandingLink>
            <LandingLink to={paths.register.getHref()} className="button button--primary button--large" onClick={closeMenu}>
              Start
            </LandingLink>
          </div>
        </nav>
      ) : null}
    </header>
  );
}

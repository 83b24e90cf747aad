import { useId, type ReactNode } from 'react';
import type { LANDING_SECTIONS } from './landing-sections';
import './landing-section.css';

type LandingSectionProps = {
  /** Which section: its id is what the navbar's links scroll to. */
  section: (typeof LANDING_SECTIONS)[keyof typeof LANDING_SECTIONS];
  eyebrow: string;
  title: string;
  subtitle?: ReactNode;
  /** More under the subtitle (the pricing's tax note). */
  note?: ReactNode;
  /** The tinted background that sets a section apart from its neighbours. */
  tinted?: boolean;
  children: ReactNode;
};

/** A section of the landing page: a small label over its title, then its content. */
export function LandingSection({ section, eyebrow, title, subtitle, note, tinted = false, children }: LandingSectionProps) {
  const titleId = useId();
  return (
    // tabIndex -1: a navbar link moves the focus here, so the keyboard goes on from the section.
    <section id={section} className={`landing-section${tinted ? ' landing-section--tinted' : ''}`} aria-labelledby={titleId} tabIndex={-1}>
      <div className="landing-section__head">
        <p className="landing-section__eyebrow">{eyebrow}</p>
        <h2 id={titleId} className="landing-section__title">
          {title}
        </h2>
        {subtitle ? <p className="landing-section__subtitle">{subtitle}</p> : null}
        {note}
      </div>
      {children}
    </section>
  );
}

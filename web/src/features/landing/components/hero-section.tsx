import { paths } from '@/config/paths';
import { HeroVideo } from './hero-video';
import { LandingLink, SectionLink } from './landing-navigation';
import { LANDING_SECTIONS } from './landing-sections';
import './landing-hero.css';

const HIGHLIGHTS = ['Sender authentication', 'Nothing lost when tokens run out', 'Any OpenAI-compatible model'];

function CheckIcon() {
  return (
    <svg className="hero__check" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="m5 10.5 3.2 3L15 6.5" />
    </svg>
  );
}

export function HeroSection({ videoUrl }: { videoUrl: string | null }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">Email → Google Docs, summarised</p>
          <h1 id="hero-title" className="hero__title">
            Automate mail handling <span className="hero__accent">in seconds</span>
          </h1>
          <p className="hero__lead">
            Give every Google Doc its own forward address. Mail from the senders you allow is summarised by an AI model and
            written into the document, at its beginning or its end, as clean plain text.
          </p>
          <div className="hero__actions">
            <LandingLink to={paths.register.getHref()} className="button button--primary button--large">
              Start
            </LandingLink>
            <SectionLink section={LANDING_SECTIONS.howItWorks} className="button button--secondary button--large">
              See how it works
            </SectionLink>
          </div>
          <ul className="hero__highlights" aria-label="Highlights">
            {HIGHLIGHTS.map((highlight) => (
              <li key={highlight}>
                <CheckIcon />
                {highlight}
              </li>
            ))}
          </ul>
        </div>
        <div className="hero__media">
          <HeroVideo videoUrl={videoUrl} />
        </div>
      </div>
    </section>
  );
}

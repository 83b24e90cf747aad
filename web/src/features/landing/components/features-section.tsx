import type { ReactNode } from 'react';
import { LandingSection } from './landing-section';
import { LANDING_SECTIONS } from './landing-sections';
import './features-section.css';

function FeatureIcon({ children }: { children: ReactNode }) {
  return (
    <span className="feature-card__icon" aria-hidden="true">
      <svg className="line-icon" viewBox="0 0 24 24" focusable="false">
        {children}
      </svg>
    </span>
  );
}

const FEATURES: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Sender authentication',
    text: 'Every message is checked against the document’s allow-list and its DMARC and DKIM results, so a forged From address cannot write into your documents.',
    icon: (
      <>
        <path d="M12 3 5 6v5.5c0 4.2 2.9 7.9 7 9.5 4.1-1.6 7-5.3 7-9.5V6z" />
        <path d="m9 12 2.2 2.2L15.5 10" />
      </>
    ),
  },
  {
    title: 'Nothing lost when tokens run out',
    text: 'Mail that arrives while your balance is empty is held, not dropped, and processed by itself, in order, as soon as tokens are added. Held mail expires after 30 days.',
    icon: (
      <>
        <path d="M4 13.5V18a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4.5" />
        <path d="M4 13.5 6.5 5h11l2.5 8.5h-4.5a3.5 3.5 0 0 1-7 0z" />
      </>
    ),
  },
  {
    title: 'Any model you like',
    text: 'Use any OpenAI-compatible model, hosted or on your own hardware, or the built-in offline summariser that sends mail nowhere.',
    icon: (
      <>
        <rect x="6" y="6" width="12" height="12" rx="2" />
        <path d="M10 10h4v4h-4zM9 3v3M15 3v3M9 18v3M15 18v3M3 9h3M3 15h3M18 9h3M18 15h3" />
      </>
    ),
  },
  {
    title: 'Plain text, safe by design',
    text: 'Summaries are written as plain text with links and images removed, and the email is treated as data, never as instructions: a message cannot smuggle links or commands into your documents.',
    icon: (
      <>
        <path d="M6 4h9l3 3v13H6z" />
        <path d="M9 10h6M9 13.5h6M9 17h4" />
      </>
    ),
  },
  {
    title: 'Minimal Google access',
    text: 'Mailscribe only asks for access to the files it creates itself. Your other documents, your Drive and your Gmail stay out of its reach.',
    icon: (
      <>
        <rect x="5" y="10.5" width="14" height="10" rx="2" />
        <path d="M8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3M12 14.5v2.5" />
      </>
    ),
  },
  {
    title: 'Self-hostable',
    text: 'Run Mailscribe on your own server from a single container image, with its embedded database or your own PostgreSQL, your own model and your own rules.',
    icon: (
      <>
        <rect x="4" y="4" width="16" height="7" rx="1.5" />
        <rect x="4" y="13" width="16" height="7" rx="1.5" />
        <path d="M8 7.5h.01M8 16.5h.01M12 7.5h5M12 16.5h5" />
      </>
    ),
  },
];

/** docs/product.md § Landing page: six feature cards, the product's real strengths. */
export function FeaturesSection() {
  return (
    <LandingSection
      section={LANDING_SECTIONS.features}
      tinted
      eyebrow="Features"
      title="Built to be trusted with your mail"
      subtitle="Everything you need to turn a stream of emails into documents you can rely on, and nothing that reaches further than it should."
    >
      <ul className="feature-grid">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="feature-card">
            <FeatureIcon>{feature.icon}</FeatureIcon>
            <h3 className="feature-card__title">{feature.title}</h3>
            <p className="feature-card__text">{feature.text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

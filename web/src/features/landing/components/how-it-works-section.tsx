import { LandingSection } from './landing-section';
import { LANDING_SECTIONS } from './landing-sections';
import './how-it-works-section.css';

const STEPS = [
  {
    title: 'Create a document',
    text: 'Name it, list the senders you trust and choose whether summaries go at the beginning or the end. Mailscribe creates the Google Doc and gives it its own forward address.',
  },
  {
    title: 'Forward emails',
    text: 'Forward messages by hand, or set up a forwarding rule in Gmail, Outlook or any other mail provider. Only mail from your allowed senders is processed.',
  },
  {
    title: 'Access the documents',
    text: 'Each email arrives in the linked Google Doc as a short summary with its sender and date, ready to read, search and share wherever you use Google Docs.',
  },
];

/** docs/product.md § Landing page: the three steps (create document, forward emails, access the documents). */
export function HowItWorksSection() {
  return (
    <LandingSection
      section={LANDING_SECTIONS.howItWorks}
      eyebrow="How it works"
      title="From inbox to document in three steps"
      subtitle="Set it up once; every forwarded email then finds its way into the right document."
    >
      <ol className="steps">
        {STEPS.map((step, index) => (
          <li key={step.title} className="steps__item">
            <span className="steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3 className="steps__title">{step.title}</h3>
            <p className="steps__text">{step.text}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}

import { LANDING_SECTIONS } from './landing-sections';

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

/** Spec §1: the three steps (create document, forward emails, access the documents). */
export function HowItWorksSection() {
  return (
    <section id={LANDING_SECTIONS.howItWorks} className="landing-section" aria-labelledby="how-title" tabIndex={-1}>
      <div className="landing-section__head">
        <p className="landing-section__eyebrow">How it works</p>
        <h2 id="how-title" className="landing-section__title">
          From inbox to document in three steps
        </h2>
        <p className="landing-section__subtitle">Set it up once; every forwarded email then finds its way into the right document.</p>
      </div>
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
    </section>
  );
}

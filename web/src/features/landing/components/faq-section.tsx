import { paths } from '@/config/paths';
import type { ReactNode } from 'react';
import { LandingLink } from './landing-navigation';
import { LandingSection } from './landing-section';
import { LANDING_SECTIONS } from './landing-sections';
import './faq-section.css';

const QUESTIONS: { question: string; answer: ReactNode }[] = [
  {
    question: 'How does billing work?',
    answer:
      'Plans are billed monthly. Each billing period starts with your plan’s tokens; tokens left at the end of a period do not carry over. Extra tokens can be bought at any time during a subscription and never expire.',
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes. Cancelling takes effect at the end of the current billing period: until then you keep your plan and its tokens, and you are not charged again. You can also undo the cancellation before the period ends.',
  },
  {
    question: 'Which payment methods do you accept?',
    answer: 'All major credit cards. Payments are handled by Stripe; your full card number never reaches Mailscribe.',
  },
  {
    question: 'Is there a free trial?',
    answer: 'No, there is no free trial. The Basic plan is the low-cost way to try Mailscribe with your own mail.',
  },
  {
    question: 'Which currency are the prices in? Is tax included?',
    answer: 'Prices are in US dollars, and tax is included: the price you see is the price you pay.',
  },
  {
    question: 'What is a token?',
    answer:
      'A token is the unit of use. One token covers up to 2,000 characters processed, which is roughly one small email; a longer email uses one token for every started 2,000 characters. The Usage page shows what each email cost.',
  },
  {
    question: 'What happens to my mail when I run out of tokens?',
    answer:
      'Nothing is lost. Mail that arrives without enough tokens is held and processed by itself, oldest first, as soon as tokens are added, when your plan renews or when you buy extra tokens. Mail still held after 30 days expires.',
  },
  {
    question: 'What happens to my emails and my Google account?',
    answer: (
      <>
        Only mail forwarded to a document’s address from one of its allowed senders is processed. Its text is sent to the AI model
        to write the summary; the summary goes into your Google Doc, and once processed the email’s content is deleted, keeping
        only its sender, subject, time and token cost. Mailscribe can open only the Google files it created itself. The{' '}
        <LandingLink to={paths.privacyPolicy.getHref()}>Privacy Policy</LandingLink> has the details.
      </>
    ),
  },
];

/** The questions buyers ask (docs/product.md § Landing page: billing, cancellation, cards, trial, currency and tax, tokens, held mail, privacy). */
export function FaqSection() {
  return (
    <LandingSection section={LANDING_SECTIONS.faq} tinted eyebrow="FAQ" title="Frequently asked questions">
      <div className="faq">
        {QUESTIONS.map(({ question, answer }) => (
          <details key={question} className="faq__item">
            <summary className="faq__question">{question}</summary>
            <div className="faq__answer">
              <p>{answer}</p>
            </div>
          </details>
        ))}
      </div>
    </LandingSection>
  );
}

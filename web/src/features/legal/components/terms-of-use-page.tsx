import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LegalLayout, SupportEmail, type LegalSection } from './legal-layout';

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement',
    content: (
      <>
        <p>
          These Terms of Use (the “Terms”) govern your use of Mailscribe (the “Service”), provided by the operator of this Mailscribe
          installation (“we”, “us”). By creating an account or using the Service you agree to these Terms and to our{' '}
          <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>. If you use the Service on behalf of an organisation, you
          confirm that you may accept these Terms for it.
        </p>
        <p>You must be at least 16 years old, and old enough to enter a binding contract where you live, to use the Service.</p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'The Service',
    content: (
      <>
        <p>
          Mailscribe lets you create documents, each linked to a Google Doc that the Service creates in your Google Drive and each
          with its own forward email address. Emails forwarded to that address from the senders you put on the document’s
          allow-list are summarised by an AI model, and the summary is written into the linked Google Doc, at its beginning or at
          its end as you choose. Emails from other senders, or that fail sender authentication where the Service checks it, are
          not summarised.
        </p>
        <p>
          Summaries are plain text: links, images and formatting are removed. The text of common attachments is summarised with the email. The Service is
          offered as it is at any given time; we may add, change or remove features.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account and Google access',
    content: (
      <>
        <p>
          You sign in with a Google account and must grant the Service the access it asks for. That access is limited to the files
          the Service creates itself (Google’s <code>drive.file</code> permission): the Service cannot open, list or change your
          other files, and has no access to your Gmail mailbox. You can withdraw the access at any time in your Google account
          settings, after which the Service can no longer write summaries into your documents.
        </p>
        <p>
          You are responsible for what happens under your account and for keeping access to your Google account secure. Tell us
          at once at <SupportEmail /> if you believe your account has been used without your permission.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content and acceptable use',
    content: (
      <>
        <p>
          You keep all rights in the emails you forward and in the documents and summaries created for you. You give us the
          permission we need to receive, store, process and transmit that content only to provide the Service to you, as
          described in the Privacy Policy.
        </p>
        <p>You agree that you will:</p>
        <ul>
          <li>only forward emails that you are entitled to share and have processed in this way, including any personal data of others in them;</li>
          <li>not use the Service for anything unlawful, for spam, or to process content you have no right to process;</li>
          <li>
            not try to break, overload or get around the Service’s security, limits or billing, or to access other users’ data; and
          </li>
          <li>not resell or provide the Service to third parties without our written agreement.</li>
        </ul>
        <p>We may refuse, hold or remove content, and suspend processing, where we reasonably believe these rules are broken.</p>
      </>
    ),
  },
  {
    id: 'summaries',
    title: 'AI-generated summaries',
    content: (
      <p>
        Summaries are produced automatically by an AI model. They can be incomplete or wrong, and they are not professional, legal,
        financial or other advice. Check anything important against the original email before you rely on it. The model used is
        chosen by the operator of the Service and may change.
      </p>
    ),
  },
  {
    id: 'plans-and-payment',
    title: 'Plans, tokens and payment',
    content: (
      <>
        <p>
          Use of the Service is measured in tokens. Tokens are counted by the characters processed: one token for every started
          2,000 characters of an email, so that a small email costs about one token. The number of tokens used by each email is
          shown in your usage history.
        </p>
        <ul>
          <li>
            <strong>Plans.</strong> There are two monthly plans, Basic and Professional. Each includes a number of tokens per
            billing period. Tokens of a period that are not used by its end do not carry over to the next.
          </li>
          <li>
            <strong>Extra tokens.</strong> During a subscription you can buy extra tokens. They are used after your plan’s tokens and
            do not expire while your account exists.
          </li>
          <li>
            <strong>Billing.</strong> Subscriptions are billed monthly in advance and renew automatically until canceled. There is
            no free trial.
          </li>
          <li>
            <strong>Cancellation.</strong> You can cancel at any time in Settings. Cancellation takes effect at the end of the
            current billing period; until then your plan and its tokens remain available.
          </li>
          <li>
            <strong>Prices.</strong> Prices are in US dollars and include tax. They are shown on the pricing page and before every
            purchase.
          </li>
          <li>
            <strong>Price changes.</strong> We may change the price of tokens, including the price of plans and of extra tokens.
            We will give you at least 30 days notice by email or in the Service before a change takes effect; a new price applies
            to your subscription from the first billing period that starts after the notice period. If you do not agree, you can
            cancel before then.
          </li>
          <li>
            <strong>No refunds.</strong> All purchases, including subscriptions and extra tokens, are non-refundable, and unused
            tokens are not refunded, except where the law requires otherwise.
          </li>
          <li>
            <strong>Payment processing.</strong> Payments are processed by Stripe. Your card details are given to Stripe, not to us,
            and Stripe’s terms apply to the payment. All major credit cards are accepted.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'held-mail',
    title: 'When tokens run out',
    content: (
      <p>
        If an email arrives while you do not have enough tokens, it is not lost: it is held and processed automatically, oldest
        first, once tokens are added to your account. An email that is still held 30 days after it arrived expires and is not
        processed.
      </p>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third-party services',
    content: (
      <p>
        The Service relies on Google (sign-in and Google Docs), Stripe (payments) and the provider of the AI model that writes
        the summaries. Their availability and their own terms are outside our control, and we are not responsible for their
        services. Your use of Google Docs remains subject to Google’s terms.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability',
    content: (
      <p>
        We work to keep the Service available and to process emails promptly, but we do not guarantee that it will be
        uninterrupted, error-free or that every email will be processed within a given time. We may interrupt the Service for
        maintenance, security or reasons beyond our control.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    content: (
      <>
        <p>
          You can stop using the Service at any time, and ask us at <SupportEmail /> to delete your account. We may suspend or
          end your access if you break these Terms, if payment fails, or if we must do so by law, and we will tell you unless
          the law or security prevents it.
        </p>
        <p>
          When your account ends, the Service stops processing mail for it and we delete your data as described in the Privacy
          Policy. The Google Docs created for you stay in your Google Drive.
        </p>
      </>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimer and limitation of liability',
    content: (
      <>
        <p>
          To the extent permitted by law, the Service is provided “as is” and “as available”, without warranties of any kind,
          whether express or implied, including warranties of merchantability, fitness for a particular purpose and
          non-infringement.
        </p>
        <p>
          To the extent permitted by law, we are not liable for indirect, incidental, special or consequential damages, or for
          lost profits, data or business, and our total liability for any claim relating to the Service is limited to the
          amount you paid us in the 12 months before the event that gave rise to the claim. Nothing in these Terms limits
          liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these Terms',
    content: (
      <p>
        We may update these Terms. We will tell you about material changes by email or in the Service at least 30 days before
        they take effect. If you keep using the Service after that, the updated Terms apply; if you do not agree, you can cancel
        and stop using the Service.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    content: (
      <p>
        These Terms and any dispute arising from them are governed by the laws of{' '}
        <span className="legal__placeholder">[Jurisdiction to be specified]</span>, without regard to its conflict-of-law rules.
        The courts of <span className="legal__placeholder">[Jurisdiction to be specified]</span> have exclusive jurisdiction,
        except where the law gives you the right to bring a claim where you live.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <p>
        Questions about these Terms, billing or your account: write to us at <SupportEmail />.
      </p>
    ),
  },
];

/** /termsOfUse (docs/product.md § Landing page): static text dated 1 September 2025. */
export function TermsOfUsePage() {
  return (
    <LegalLayout
      title="Terms of Use"
      intro={
        <p>
          Please read these Terms carefully. They explain what Mailscribe does, what you can expect from us, how plans and tokens
          are billed, and what we expect from you.
        </p>
      }
      sections={SECTIONS}
    />
  );
}

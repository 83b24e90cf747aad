import { Link } from 'react-router-dom';
import { LoadFailed } from '@/components/ui/load-failed/load-failed';
import { paths } from '@/config/paths';
import { useRetentionPolicy } from '../api/get-retention-policy';
import { LegalLayout, SupportEmail, type LegalSection } from './legal-layout';

/**
 * "How long we keep it": the installation's own periods, in the words the server gives (GET
 * /api/retention-policy), which come from the same source as the periods its retention job purges by.
 */
function RetentionList() {
  const policy = useRetentionPolicy();
  return (
    <>
      {policy.isError ? (
        <LoadFailed message="The retention periods could not be loaded." onRetry={() => void policy.refetch()} retrying={policy.isFetching} compact />
      ) : null}
      <ul aria-busy={policy.isPending || undefined}>
        {policy.isPending ? <li>Loading the retention periods…</li> : null}
        {policy.data?.sentences.map((sentence) => <li key={sentence}>{sentence}</li>)}
        <li>
          Your account: until you delete it (Settings, “Delete my account”) or ask us to at <SupportEmail />. Deleting it
          removes your documents, their email records and allow-lists, your sessions and your account at once; the billing
          records that the law requires us to keep stay, without your name or email, for as long as it requires:
          {policy.data && policy.data.accountDeletionKept.length > 0 ? (
            <ul>
              {policy.data.accountDeletionKept.map((sentence) => (
                <li key={sentence}>{sentence}</li>
              ))}
            </ul>
          ) : null}
        </li>
        <li>Server logs: for a limited period, as needed for security and troubleshooting.</li>
      </ul>
    </>
  );
}

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <p>
        Mailscribe (the “Service”) is provided by the operator of this Mailscribe installation (“we”, “us”), who is the
        controller of the personal data described here. You can reach us about privacy at <SupportEmail />.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'What we collect',
    content: (
      <>
        <h3 className="legal__subheading">Your account</h3>
        <p>
          When you sign in with Google we receive your name, email address, profile picture address and Google account
          identifier, and the access Google grants the Service. The long-lived part of that access (the refresh token) is stored
          encrypted.
        </p>
        <h3 className="legal__subheading">Your documents</h3>
        <p>
          For each document: its name, description, the allowed sender addresses, its forward address, where summaries are
          placed, the identifier of the linked Google Doc, and the number of emails processed.
        </p>
        <h3 className="legal__subheading">The emails you forward</h3>
        <p>
          The Service receives every message sent to a document’s forward address. A message is stored in full, as received,
          only until it has been dealt with. Once it has been summarised, ignored or has expired, its content is deleted and we
          keep only a record of it: the sender’s address, the subject, when it arrived, its status, the tokens it used and the
          result of the sender-authentication checks (DMARC and DKIM). If processing fails, or the sender is not on the
          document’s allowed list, the message is kept for a while so that you can retry it, or allow its sender, from the
          document’s page. “How long we keep it” below says for how long.
        </p>
        <p>
          When you set up forwarding in Gmail, Gmail sends a confirmation message to the forward address; we keep its
          confirmation code, link and requesting address, until the document is deleted, so that the document’s page can show
          them to you.
        </p>
        <h3 className="legal__subheading">Billing</h3>
        <p>
          Your plan, subscription status and billing periods, the payment email address, your token balance and a history of
          tokens added and used. Card payments are handled by Stripe: your card number never reaches us. To show your payment
          method we receive from Stripe only its brand, last four digits and expiry date.
        </p>
        <h3 className="legal__subheading">Technical data</h3>
        <p>
          Session records for signed-in devices, and server logs of the requests made to the Service (the address requested,
          without its query string) and of the IP addresses of the mail servers that deliver to us, used to run the Service
          securely and to limit abuse.
        </p>
      </>
    ),
  },
  {
    id: 'processing',
    title: 'How your emails are processed',
    content: (
      <>
        <p>
          Only emails from a document’s allowed senders are summarised; other emails are ignored. For each summarised email, the
          subject, sender, date and text of the message, the text read from its attachments (PDF, Word, text, CSV, Markdown
          and HTML files, and images when the operator has turned on text recognition), together with the document’s
          description, are given to the AI model configured for the Service. Attachments are read in an isolated process and
          only their text is kept, and only until the email is summarised; one-time codes, passwords and card numbers are left
          out before anything reaches the model. The model is instructed to treat
          the email as data only, and the summary it returns is reduced to plain text, with links and images removed, before it
          is written into your Google Doc with the email’s sender and date.
        </p>
        <p>
          The AI model is either an offline summariser that runs on our own servers, in which case the email does not leave
          them, or a model provider with an OpenAI-compatible interface, which processes the text on our behalf to return the
          summary, under its terms for business use of its interface.
        </p>
      </>
    ),
  },
  {
    id: 'use',
    title: 'Why we use your data',
    content: (
      <>
        <p>We use the data described above to:</p>
        <ul>
          <li>provide the Service to you: create your documents, receive and summarise your emails, and write the summaries (contract);</li>
          <li>count, bill and report your token use, and take payments (contract and legal obligations for accounting records);</li>
          <li>keep the Service secure, prevent abuse and fix problems (legitimate interests); and</li>
          <li>tell you about changes to the Service, its prices or these policies (contract and legitimate interests).</li>
        </ul>
        <p>
          We do not sell your data, do not use it for advertising, and do not use your emails or summaries to train AI models.
        </p>
      </>
    ),
  },
  {
    id: 'google',
    title: 'Google user data',
    content: (
      <>
        <p>
          The Service asks Google for your basic profile (name, email address, picture) and for the <code>drive.file</code>{' '}
          permission, which lets it create Google Docs and change only the files it created. It cannot see or open your other
          Drive files, and it has no access to your Gmail mailbox. We use this access only to sign you in, to create the
          documents you ask for and to write summaries into them.
        </p>
        <p>
          Mailscribe’s use and transfer of information received from Google APIs adheres to the Google API Services User Data
          Policy, including the Limited Use requirements. You can remove the Service’s access at any time in your Google
          account’s security settings.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    content: (
      <>
        <p>We share personal data only with the service providers that make the Service work, and only as needed:</p>
        <ul>
          <li>Google, to sign you in and to create and update your Google Docs;</li>
          <li>Stripe, to take payments and manage subscriptions;</li>
          <li>the AI model provider configured for the Service, to summarise your emails (see “How your emails are processed”);</li>
          <li>the providers that host the Service’s servers and database.</li>
        </ul>
        <p>
          We may also disclose data when the law requires it, or to protect the rights and safety of users and the Service.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: <RetentionList />,
  },
  {
    id: 'browser',
    title: 'Cookies and browser storage',
    content: (
      <>
        <p>
          The Service uses no advertising or analytics cookies. It keeps a few items in your browser’s local storage: your
          session token (so you stay signed in), your light or dark theme, and the notices you dismissed.
        </p>
        <p>
          The landing page’s video, when there is one, is loaded from the video host only when you press Play; until then the
          host receives nothing from your browser.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    content: (
      <p>
        Connections to the Service are encrypted, Google refresh tokens are stored encrypted, sessions can be ended at once by
        logging out, and access to your data within the Service is limited to your own account. No system is perfectly secure;
        if a breach affects your data, we will inform you and the authorities as the law requires.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    content: (
      <p>
        Depending on where you live, you may have the right to access, correct, delete or receive a copy of your personal data,
        and to object to or restrict its processing. To use these rights, write to us at <SupportEmail />. You can also
        complain to your data protection authority.
      </p>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    content: (
      <p>
        Our service providers may process data in other countries than yours. Where the law requires it, such transfers are
        protected by appropriate safeguards, such as the European Commission’s standard contractual clauses.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: <p>The Service is not meant for anyone under 16, and we do not knowingly collect data about children.</p>,
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        We may update this policy. We will tell you about material changes by email or in the Service before they take effect.
        The date at the top shows when it last changed. The <Link to={paths.termsOfUse.getHref()}>Terms of Use</Link> explain
        the rest of our agreement with you.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <p>
        Questions or requests about your data: write to us at <SupportEmail />.
      </p>
    ),
  },
];

/** /privacyPolicy (docs/product.md § Landing page): static text dated 1 September 2025. */
export function PrivacyPolicyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal data Mailscribe collects when you use it, in particular from the emails you forward
          and from your Google account, what it is used for, who it is shared with, how long it is kept, and the choices you have.
        </p>
      }
      sections={SECTIONS}
    />
  );
}

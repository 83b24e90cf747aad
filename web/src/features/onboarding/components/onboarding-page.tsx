import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { PageBar } from '@/components/ui/page/page-bar';
import { StatusScreen } from '@/components/ui/status/status-screen';
import { ThemeToggle } from '@/components/ui/theme/theme-toggle';
import { paths } from '@/config/paths';
import { DEFAULT_SIGNED_IN_PATH } from '@/config/session';
import { usePublicConfig } from '@/lib/public-config-query';
import { GmailWalkthrough } from './gmail-walkthrough';
import '@/components/ui/icon-badge/icon-badge.css';
import '@/components/ui/page/page.css';
import './onboarding.css';

export type OnboardingVariant = 'after-login' | 'after-signup';

const STEP_NAMES = ['Create a document', 'Set up forwarding', 'Watch summaries arrive'] as const;

/** 'done' once the user has a document: the guide is for users without one and is not shown again. */
export type OnboardingVisibility = 'checking' | 'show' | 'done';

function StepContent({ step, inboundDomain }: { step: number; inboundDomain: string | null }) {
  if (step === 0) {
    return (
      <>
        <p>
          A document is a Google Doc that Mailscribe creates for you, with its own forward address. Every email forwarded to that
          address becomes a short summary in the doc.
        </p>
        <ul className="onboarding-list">
          <li>
            <strong>Document Name</strong>: what the doc is about, such as “Supplier invoices”.
          </li>
          <li>
            <strong>Source Emails</strong>: the senders whose mail may be summarised into it. Mail from anyone else is ignored.
          </li>
          <li>
            <strong>Description</strong> (optional): what the summaries should focus on, their language or length.
          </li>
        </ul>
        <p>
          After creating it you land on the document’s page: its <strong>Forward mail</strong> card shows the address
          {inboundDomain ? (
            <>
              {' '}
              (it ends in <code className="onboarding-code">@{inboundDomain}</code>)
            </>
          ) : null}
          , and <strong>Content Placement</strong> chooses whether summaries go at the beginning or the end.
        </p>
      </>
    );
  }
  if (step === 1) {
    return (
      <>
        <p>
          Forward single emails by hand, or let your mail provider forward them automatically to the document’s address. Only
          mail from the document’s allowed senders is processed, so a broad rule is safe.
        </p>
        <GmailWalkthrough />
        <p className="onboarding-muted">
          Outlook, Apple Mail and other providers work the same way: create a forwarding rule with the document’s address as the
          destination.
        </p>
      </>
    );
  }
  return (
    <>
      <p>
        Forward an email from an allowed sender. It is summarised as plain text, with links and images removed, and written into
        the Google Doc together with its sender and date.
      </p>
      <ul className="onboarding-list">
        <li>
          The document’s page lists every email under <strong>Processed Emails</strong>, with the tokens it used.
        </li>
        <li>
          <strong>Usage</strong> shows the mails processed over time and your token history.
        </li>
        <li>If your tokens run out, mail is held, not lost, and processed by itself once tokens are added.</li>
      </ul>
    </>
  );
}

type OnboardingPageProps = {
  variant: OnboardingVariant;
  visibility: OnboardingVisibility;
  /** The documents feature's create dialog, given by the route that composes the two features. */
  renderCreateDocumentDialog: (onClose: () => void) => ReactNode;
};

/**
 * /onboarding and /onboarding-after-signup: a three-step guide (create a document, set up forwarding,
 * watch summaries arrive), skippable, and only for users who have no document yet.
 */
export function OnboardingPage({ variant, visibility, renderCreateDocumentDialog }: OnboardingPageProps) {
  const { data: config } = usePublicConfig();
  const [step, setStep] = useState(0);
  const [creating, setCreating] = useState(false);
  const panelHeadingRef = useRef<HTMLHeadingElement>(null);
  const movedRef = useRef(false);
  const panelId = useId();
  const last = step === STEP_NAMES.length - 1;

  useEffect(() => {
    // After Back or Next, the keyboard and screen reader continue at the new step's heading.
    if (movedRef.current) panelHeadingRef.current?.focus();
  }, [step]);

  // While the dialog is open its new document must not send the user away: it opens the document itself.
  if (visibility === 'done' && !creating) return <Navigate to={DEFAULT_SIGNED_IN_PATH} replace />;
  if (visibility === 'checking') return <StatusScreen title="Preparing your guide..." />;

  const goTo = (next: number) => {
    movedRef.current = true;
    setStep(next);
  };

  return (
    <div className="onboarding">
      <PageBar>
        <ThemeToggle />
        <Link to={paths.dashboard.getHref()} className="button button--ghost">
          Skip guide
        </Link>
      </PageBar>

      <main className="onboarding__main page-column">
        <div className="onboarding__intro">
          <h1 className="onboarding__title">{variant === 'after-signup' ? 'Welcome to Mailscribe' : 'Getting started'}</h1>
          <p className="onboarding__subtitle">Three short steps, and your first summaries are on their way.</p>
        </div>

        <ol className="onboarding-steps" aria-label="Steps">
          {STEP_NAMES.map((name, index) => (
            <li
              key={name}
              className={`onboarding-steps__item${index === step ? ' onboarding-steps__item--current' : ''}${index < step ? ' onboarding-steps__item--done' : ''}`}
              aria-current={index === step ? 'step' : undefined}
            >
              <button type="button" className="onboarding-steps__button" onClick={() => goTo(index)}>
                <span className="icon-badge onboarding-steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="onboarding-steps__name">{name}</span>
              </button>
            </li>
          ))}
        </ol>

        <section className="onboarding-panel card" id={panelId} aria-labelledby={`${panelId}-title`}>
          <p className="onboarding-panel__count">
            Step {step + 1} of {STEP_NAMES.length}
          </p>
          <h2 id={`${panelId}-title`} className="onboarding-panel__title" ref={panelHeadingRef} tabIndex={-1}>
            {STEP_NAMES[step]}
          </h2>
          <div className="onboarding-panel__body">
            <StepContent step={step} inboundDomain={config?.inboundDomain || null} />
          </div>
          <div className="onboarding-panel__actions">
            <button type="button" className="button button--secondary" onClick={() => goTo(step - 1)} disabled={step === 0}>
              Back
            </button>
            {last ? (
              <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
                Create my first document
              </button>
            ) : (
              <button type="button" className="button button--primary" onClick={() => goTo(step + 1)}>
                Next
              </button>
            )}
          </div>
        </section>
      </main>

      {creating ? renderCreateDocumentDialog(() => setCreating(false)) : null}
    </div>
  );
}

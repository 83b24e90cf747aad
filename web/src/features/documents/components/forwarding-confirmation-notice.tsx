import { useId, useState } from 'react';
import { useCopyToClipboard } from '@/lib/clipboard';
import { useForwardingConfirmation } from '../api/get-forwarding-confirmation';
import type { ForwardingConfirmation } from '../api/types';
import { DETAILS_COPY_CONFIRMATION_MS } from '../utils/document-rules';
import { CopyIcon, ExternalLinkIcon } from './icons';
import './forwarding-confirmation-notice.css';

const DISMISSED_KEY = 'mailscribe.dismissedForwardingConfirmations';

/** One entry per confirmation mail: a newer one (another receivedAt) shows again. */
const dismissalOf = (documentId: string, confirmation: ForwardingConfirmation) => `${documentId}|${confirmation.receivedAt}`;

function readDismissed(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

function rememberDismissed(entry: string): void {
  try {
    window.localStorage.setItem(DISMISSED_KEY, JSON.stringify([...readDismissed().filter((other) => other !== entry), entry].slice(-50)));
  } catch (error) {
    console.warn('Could not remember the dismissed forwarding confirmation.', error);
  }
}

/**
 * Gmail sends a confirmation mail to the forward address when the user sets up forwarding; the server
 * keeps it, and this notice shows its code and link so the user can confirm without that mailbox.
 * Loaded with the page and again when the user comes back to it; a load failure is logged only.
 */
export function ForwardingConfirmationNotice({ documentId }: { documentId: string }) {
  const headingId = useId();
  const confirmation = useForwardingConfirmation(documentId).data ?? null;
  const [dismissed, setDismissed] = useState<readonly string[]>(readDismissed);
  const { copied, copy } = useCopyToClipboard(DETAILS_COPY_CONFIRMATION_MS);

  if (!confirmation || dismissed.includes(dismissalOf(documentId, confirmation))) return null;

  const dismiss = () => {
    const entry = dismissalOf(documentId, confirmation);
    rememberDismissed(entry);
    setDismissed((current) => [...current, entry]);
  };

  return (
    <section className="forwarding-notice card" aria-labelledby={headingId}>
      <h2 id={headingId} className="forwarding-notice__title">
        Confirm Gmail forwarding
      </h2>
      <p className="forwarding-notice__text">
        {confirmation.requester ? (
          <>
            Gmail asked to confirm forwarding from <strong className="forwarding-notice__requester">{confirmation.requester}</strong> to this
            document&apos;s address.
          </>
        ) : (
          <>Gmail asked to confirm forwarding to this document&apos;s address.</>
        )}{' '}
        Enter this code in Gmail&apos;s forwarding settings{confirmation.link ? ', or open the confirmation link' : ''} to start forwarding.
      </p>
      <div className="forwarding-notice__code-row">
        <dl className="forwarding-notice__code-box">
          <dt className="forwarding-notice__code-label">Confirmation code</dt>
          <dd className="forwarding-notice__code-value">
            <code className="forwarding-notice__code">{confirmation.code}</code>
          </dd>
        </dl>
        <button type="button" className="button button--secondary" onClick={() => void copy(confirmation.code)}>
          <CopyIcon />
          Copy code
        </button>
        <span className="forwarding-notice__copied" role="status">
          {copied ? 'Copied' : ''}
        </span>
      </div>
      <div className="forwarding-notice__actions">
        {confirmation.link ? (
          <a className="button button--primary" href={confirmation.link} target="_blank" rel="noopener noreferrer">
            Open confirmation link
            <ExternalLinkIcon />
          </a>
        ) : null}
        <button type="button" className="button button--ghost" onClick={dismiss}>
          Dismiss
        </button>
      </div>
    </section>
  );
}

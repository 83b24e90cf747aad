import type { ReceivedMailBlock, ReceivedMailDetail } from '../api/types';
import { receivedMailStatusLabel } from './received-mail-status';

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

/**
 * The block exactly as the app wrote it into the linked document: the meta lines (sender and date,
 * "Forwarded by …", the attachments line, a cut note), the summary, key points and action items. The
 * heading is the panel's own (MailPanel).
 */
export function MailBlock({ block }: { block: ReceivedMailBlock }) {
  return (
    <div className="mail-block">
      {block.meta.length > 0 ? (
        <div className="mail-block__meta">
          {block.meta.map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </div>
      ) : null}
      {block.summary.map((paragraph, index) => (
        <p key={index} className="mail-block__summary">
          {paragraph}
        </p>
      ))}
      {block.keyPoints.length > 0 ? (
        <>
          <h3 className="mail-block__title">Key points</h3>
          <ul className="mail-block__list">
            {block.keyPoints.map((point, index) => (
              <li key={index}>{point}</li>
            ))}
          </ul>
        </>
      ) : null}
      {block.actionItems.length > 0 ? (
        <>
          <h3 className="mail-block__title">Action items</h3>
          <ul className="mail-block__list">
            {block.actionItems.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** What the mail cost and when it came, then each status it went through (oldest first) with its reason. */
export function MailFacts({ mail }: { mail: ReceivedMailDetail }) {
  return (
    <>
      <dl className="mail-facts">
        <div>
          <dt>Tokens</dt>
          <dd>{mail.usedTokens.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd>{when(mail.receivedAt)}</dd>
        </div>
        <div>
          <dt>From</dt>
          <dd className="mail-facts__address">{mail.sourceMail}</dd>
        </div>
      </dl>
      <h3 className="mail-block__title">Status history</h3>
      {mail.history.length > 0 ? (
        <ol className="mail-history">
          {mail.history.map((step, index) => (
            <li key={`${step.at}-${index}`} className="mail-history__step">
              <span className="mail-history__status">{receivedMailStatusLabel(step.status)}</span>
              <time className="mail-history__time" dateTime={step.at}>
                {when(step.at)}
              </time>
              {step.reason ? <span className="mail-history__reason">{step.reason}</span> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mail-panel__note">No status changes recorded.</p>
      )}
    </>
  );
}

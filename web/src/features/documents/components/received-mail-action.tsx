import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { AllowOutcome } from '../api/allow-and-process';
import type { ReceivedMail } from '../api/types';

/** A row's action and how its last use went; the row carries them (see processed-emails-section). */
export type MailActionState = {
  mail: ReceivedMail;
  retrying: boolean;
  allow: AllowOutcome | null;
};

type ReceivedMailActionProps = MailActionState & {
  onAllow: (mail: ReceivedMail) => void;
  onRetry: (mail: ReceivedMail) => void;
};

const ON_ITS_WAY: readonly ReceivedMail['status'][] = ['ignored', 'received', 'processing'];

/**
 * What the owner can do about one mail, as the server decided (`action`; the reason text is never read),
 * with the outcome shown in place: "Allow <sender> and process", Retry, or where to get tokens or a plan.
 * A look-alike sender is shown in its ASCII form, with a warning saying what it resembles.
 */
export function ReceivedMailAction({ mail, retrying, allow, onAllow, onRetry }: ReceivedMailActionProps) {
  // Allowed: the row follows by itself (live updates) until the mail is processed.
  if (allow?.status === 'success' && ON_ITS_WAY.includes(mail.status)) {
    return (
      <p className="mail-action__note" role="status">
        Allowed; processing…
      </p>
    );
  }
  const action = mail.action;
  if (!action) return null;
  switch (action.kind) {
    case 'allow-sender': {
      const pending = allow?.status === 'pending';
      // A look-alike address is never shown as it renders (it would pass for the address it imitates):
      // its ASCII form is, with a warning that describes the button.
      const shown = action.lookalike ? action.senderAscii : action.sender;
      const warningId = `mail-action-lookalike-${mail.id}`;
      return (
        <div className="mail-action">
          <button
            type="button"
            className="button button--secondary mail-action__button"
            disabled={pending}
            title={`Allow ${shown} and process`}
            aria-describedby={action.lookalike ? warningId : undefined}
            onClick={() => onAllow(mail)}
          >
            {pending ? (
              'Allowing…'
            ) : (
              <>
                Allow <span className="mail-action__address">{shown}</span> and process
              </>
            )}
          </button>
          {action.lookalike ? (
            <p id={warningId} className="mail-action__error mail-action__lookalike">
              {action.looksLike
                ? `Unusual characters: looks like ${action.looksLike} but is not.`
                : 'Unusual characters: this address is shown in ASCII. Check it before allowing it.'}
            </p>
          ) : null}
          {allow?.status === 'error' ? (
            <p className="mail-action__error" role="alert">
              {allow.message}
            </p>
          ) : null}
        </div>
      );
    }
    case 'retry':
      return (
        <button type="button" className="button button--secondary mail-action__button" disabled={retrying} onClick={() => onRetry(mail)}>
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      );
    case 'buy-tokens':
      return (
        <Link className="button button--secondary mail-action__button" to={paths.purchaseTokens.getHref()}>
          Buy tokens
        </Link>
      );
    case 'choose-plan':
      return (
        <Link className="button button--secondary mail-action__button" to={paths.planSelection.getHref()}>
          Choose a plan
        </Link>
      );
  }
}

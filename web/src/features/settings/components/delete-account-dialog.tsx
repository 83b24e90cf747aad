import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Modal, ModalCloseButton } from '@/components/ui/dialog/modal';
import { EmailField } from '@/components/ui/email-input/email-field';
import { paths } from '@/config/paths';
import { serverMessageOf } from '@/lib/server-message';
import { useSession } from '@/lib/session-store';
import { useDeleteAccount } from '../api/delete-account';
import './delete-account-dialog.css';

export const DELETE_ACCOUNT_FAILED_MESSAGE = 'Your account could not be deleted. Nothing was deleted. Please try again.';

/** The typed address matches the account's: case and surrounding spaces do not count. */
export function emailMatches(typed: string, accountEmail: string | undefined): boolean {
  return accountEmail !== undefined && typed.trim() !== '' && typed.trim().toLowerCase() === accountEmail.trim().toLowerCase();
}

/**
 * "Delete my account": says what is deleted and what is kept, and enables the delete button once the
 * user has typed their email. On success the session ends here and the landing page opens; on a failure
 * the server's message is shown and the dialog stays open.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const accountEmail = useSession((state) => state.user?.email);
  const remove = useDeleteAccount();
  const titleId = useId();
  const descriptionId = useId();
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // After success the dialog stays blocked while the landing page opens.
  const deleting = remove.isPending || remove.isSuccess;
  const canDelete = emailMatches(typed, accountEmail) && !deleting;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canDelete) return;
    setFailure(null);
    remove.mutate(typed.trim(), {
      onSuccess: () => {
        // Whoever ends the session navigates (see the login guard): the account is gone, so to /.
        useSession.getState().signOut();
        void navigate(paths.home.getHref(), { replace: true });
      },
      onError: (error) => {
        console.warn('Could not delete the account.', error);
        void (async () => setFailure((await serverMessageOf(error)) ?? DELETE_ACCOUNT_FAILED_MESSAGE))();
      },
    });
  }

  return (
    <Modal titleId={titleId} descriptionId={descriptionId} onEscape={deleting ? undefined : onClose} busy={deleting} className="delete-account-dialog">
      <form className="delete-account-dialog__form" onSubmit={submit} noValidate>
        <h2 id={titleId} className="modal__title">
          Delete my account
        </h2>
        <div id={descriptionId}>
          <p className="modal__message">This permanently deletes your account. It cannot be undone. We delete:</p>
          <ul className="delete-account-dialog__list">
            <li>your documents, with their email records and allow-lists;</li>
            <li>your sessions, so you are signed out everywhere.</li>
          </ul>
          <p className="modal__message">An active subscription is canceled first.</p>
        </div>
        <p className="modal__message">
          The Google Docs linked to your documents stay in your Google Drive. Billing records that the law requires us to keep
          are kept. See the{' '}
          <Link to={paths.privacyPolicy.getHref()} target="_blank" rel="noopener noreferrer">
            Privacy Policy
          </Link>
          .
        </p>

        <div className="delete-account-dialog__field">
          <EmailField
            label="Your email address"
            block="delete-account-dialog"
            autoComplete="off"
            value={typed}
            onValueChange={setTyped}
            disabled={deleting}
            hint={
              <>
                To confirm, type <strong>{accountEmail ?? 'your email address'}</strong>.
              </>
            }
            error={failure}
            keepHint
          />
        </div>

        <div className="modal__actions">
          <ModalCloseButton className="button button--secondary" disabled={deleting}>
            Cancel
          </ModalCloseButton>
          <button type="submit" className="button button--danger" disabled={!canDelete} aria-busy={deleting || undefined}>
            {deleting ? 'Deleting account...' : 'Delete my account'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { ConfirmationDialog } from '@/components/ui/dialog/confirmation-dialog';
import { EmailField } from '@/components/ui/email-input/email-field';
import { httpStatusOf } from '@/lib/api-error';
import { useAddAllowedEmail } from '../api/add-allowed-email';
import { useRemoveAllowedEmail } from '../api/remove-allowed-email';
import { detailsEmailError, messages } from '../utils/document-rules';
import { DetailsCard } from './details-card';
import { TrashIcon } from './icons';
import './allowed-emails-editor.css';

type AllowedEmailsEditorProps = {
  documentId: string;
  emails: string[];
  onFailure: (message: string) => void;
};

/** "Allowed Source Emails" (docs/product.md § Allowed emails): the senders whose mail may be summarised into the document. */
export function AllowedEmailsEditor({ documentId, emails, onFailure }: AllowedEmailsEditorProps) {
  const headingId = useId();
  const addEmail = useAddAllowedEmail(documentId);
  const removeEmail = useRemoveAllowedEmail(documentId);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<string | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const email = draft.trim();
    const problem = detailsEmailError(email, emails);
    if (problem) {
      setError(problem);
      return;
    }
    addEmail.mutate(email, {
      onSuccess: () => setDraft(''),
      onError: (failure) => {
        console.warn('Could not add the source email.', failure);
        setError(httpStatusOf(failure) === 409 ? messages.emailAlreadyOnList : messages.emailAddFailed);
      },
    });
  };

  const remove = (email: string) => {
    setToRemove(null);
    removeEmail.mutate(email, {
      onError: (failure) => {
        console.warn('Could not remove the source email.', failure);
        onFailure('Could not remove the email. Try again.');
      },
    });
  };

  return (
    <DetailsCard
      title="Allowed Source Emails"
      headingId={headingId}
      hint={
        <>
          Only mail sent from these addresses is summarised. When you forward a mail by hand, add your own address: the block
          then names the original sender, but the sender you forward from is the one that must be on this list.
        </>
      }
    >
      {emails.length === 0 ? (
        <p className="details-warning">
          No source emails have been added. Please add at least one, otherwise there are no emails that can overwrite the document.
        </p>
      ) : (
        <ul className="allowed-emails" aria-labelledby={headingId}>
          {emails.map((email) => (
            <li key={email} className="allowed-emails__item">
              <span className="allowed-emails__address" title={email}>
                {email}
              </span>
              <button type="button" className="icon-button icon-button--danger" aria-label={`Remove ${email}`} onClick={() => setToRemove(email)}>
                <TrashIcon />
              </button>
            </li>
          ))}
        </ul>
      )}

      <form className="allowed-emails__form" onSubmit={add} noValidate>
        <EmailField
          label="New source email"
          hideLabel
          block="field"
          type="text"
          autoComplete="off"
          placeholder="Write Email"
          value={draft}
          onValueChange={(value) => {
            setDraft(value);
            setError(null);
          }}
          action={
            <button type="submit" className="button button--primary">
              Add
            </button>
          }
          error={error}
        />
      </form>

      {toRemove !== null ? (
        <ConfirmationDialog
          title="Remove Email"
          message="Are you sure you want to remove this email from the list"
          highlight={toRemove}
          question
          approveText="Remove"
          variant="delete"
          onApprove={() => remove(toRemove)}
          onCancel={() => setToRemove(null)}
        />
      ) : null}
    </DetailsCard>
  );
}

import { useState, type KeyboardEvent } from 'react';
import { EmailField } from '@/components/ui/email-input/email-field';
import { createDialogEmailError, messages } from '../utils/document-rules';

type SourceEmailsFieldProps = {
  emails: string[];
  onChange: (emails: string[]) => void;
  disabled?: boolean;
};

/** The create dialog's "Source Emails": an input with Add, and the added emails as removable chips. */
export function SourceEmailsField({ emails, onChange, disabled = false }: SourceEmailsFieldProps) {
  const [draft, setDraft] = useState('');
  // "Please enter a valid email address." waits until the user leaves the field or presses Enter,
  // so it does not nag while the address is still being typed. The other messages show at once.
  const [checked, setChecked] = useState(false);

  const candidate = draft.trim();
  const error = candidate === '' ? null : createDialogEmailError(candidate, emails);
  const shownError = error === messages.emailInvalid && !checked ? null : error;
  const canAdd = candidate !== '' && error === null && !disabled;

  const add = () => {
    if (!canAdd) return;
    onChange([...emails, candidate]);
    setDraft('');
    setChecked(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    setChecked(true);
    add();
  };

  return (
    <div className="field">
      <EmailField
        label="Source Emails"
        block="field"
        type="text"
        autoComplete="off"
        placeholder="name@example.com"
        value={draft}
        disabled={disabled}
        onValueChange={(value) => {
          setDraft(value);
          setChecked(false);
        }}
        onBlur={() => setChecked(true)}
        onKeyDown={onKeyDown}
        action={
          <button type="button" className="button button--secondary" disabled={!canAdd} onClick={add}>
            Add
          </button>
        }
        hint="Only emails from these senders are summarised into the document. Add at least one."
        error={shownError}
      />
      {emails.length > 0 ? (
        <ul className="email-chips" aria-label="Added source emails">
          {emails.map((email) => (
            <li key={email} className="email-chip">
              <span className="email-chip__text">{email}</span>
              <button
                type="button"
                className="email-chip__remove"
                aria-label={`Remove ${email}`}
                disabled={disabled}
                onClick={() => onChange(emails.filter((entry) => entry !== email))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

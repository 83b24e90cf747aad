import { useId, useState, type KeyboardEvent } from 'react';
import { EmailInput } from '@/components/ui/email-input/email-input';
import { createDialogEmailError, messages } from '../utils/document-rules';

type SourceEmailsFieldProps = {
  emails: string[];
  onChange: (emails: string[]) => void;
  disabled?: boolean;
};

/** The create dialog's "Source Emails": an input with Add, and the added emails as removable chips. */
export function SourceEmailsField({ emails, onChange, disabled = false }: SourceEmailsFieldProps) {
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
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
      <label className="field__label" htmlFor={inputId}>
        Source Emails
      </label>
      <div className="field__row">
        <EmailInput
          id={inputId}
          className="field__input"
          type="text"
          autoComplete="off"
          placeholder="name@example.com"
          value={draft}
          disabled={disabled}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : hintId}
          onValueChange={(value) => {
            setDraft(value);
            setChecked(false);
          }}
          onBlur={() => setChecked(true)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button button--secondary" disabled={!canAdd} onClick={add}>
          Add
        </button>
      </div>
      {shownError ? (
        <p id={errorId} className="field__error" role="alert">
          {shownError}
        </p>
      ) : (
        <p id={hintId} className="field__hint">
          Only emails from these senders are summarised into the document. Add at least one.
        </p>
      )}
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

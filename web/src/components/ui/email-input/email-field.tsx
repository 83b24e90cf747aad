import { useId, type ReactNode } from 'react';
import { EmailInput, type EmailInputProps } from './email-input';

export type EmailFieldProps = Omit<EmailInputProps, 'id' | 'className' | 'aria-describedby' | 'aria-invalid'> & {
  label: ReactNode;
  /** Read by screen readers only, where the card's heading already says what the box is for. */
  hideLabel?: boolean;
  /**
   * The CSS block the parts are styled by: `<block>__label`, `__input`, `__row` (the box and its action),
   * `__hint` and `__error`.
   */
  block: string;
  /** What stands beside the box, in one row: the field's button. */
  action?: ReactNode;
  hint?: ReactNode;
  /** Announced as it appears, and set as the box's description; it takes the hint's place unless `keepHint`. */
  error?: string | null;
  keepHint?: boolean;
};

/**
 * An e-mail box with its label, and the hint and error that describe it: one place wires `htmlFor`,
 * `aria-describedby` and `aria-invalid`, so every address field is announced the same way.
 */
export function EmailField({ label, hideLabel = false, block, action, hint, error = null, keepHint = false, ...input }: EmailFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const showHint = hint !== undefined && (error === null || keepHint);
  const describedBy = [showHint ? hintId : null, error !== null ? errorId : null].filter((id) => id !== null).join(' ');
  const box = (
    <EmailInput {...input} id={inputId} className={`${block}__input`} aria-invalid={error !== null || undefined} aria-describedby={describedBy || undefined} />
  );
  return (
    <>
      <label className={hideLabel ? 'visually-hidden' : `${block}__label`} htmlFor={inputId}>
        {label}
      </label>
      {action === undefined ? (
        box
      ) : (
        <div className={`${block}__row`}>
          {box}
          {action}
        </div>
      )}
      {showHint ? (
        <p id={hintId} className={`${block}__hint`}>
          {hint}
        </p>
      ) : null}
      {error !== null ? (
        <p id={errorId} className={`${block}__error`} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

import type { InputHTMLAttributes } from 'react';

export type EmailInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'inputMode' | 'autoCapitalize' | 'spellCheck'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * A box for an e-mail address: the e-mail keyboard on phones, no capital letter or spell check
 * forced on it, and the typed text reported as a string. `type` stays "email" unless the form
 * checks the address itself (type "text", `noValidate`).
 */
export function EmailInput({ type = 'email', onValueChange, ...props }: EmailInputProps) {
  return <input {...props} type={type} inputMode="email" autoCapitalize="off" spellCheck={false} onChange={(event) => onValueChange(event.target.value)} />;
}

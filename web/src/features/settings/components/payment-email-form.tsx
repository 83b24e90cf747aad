import { useId, useState, type FormEvent } from 'react';
import { InformationDialog } from '@/components/ui/dialog/information-dialog';
import { toast } from '@/components/ui/toast/toast-store';
import { updatePaymentEmail } from '../api/update-payment-email';

export const UPDATE_PAYMENT_EMAIL_FAILED_MESSAGE = 'Failed to update payment email. Please try again.';

/** Spec §2/§5 payment email: an email field and "Update", disabled when empty or while updating. */
export function PaymentEmailForm({ initialEmail }: { initialEmail: string }) {
  const inputId = useId();
  const hintId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [updating, setUpdating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (value === '' || updating) return;
    setUpdating(true);
    try {
      await updatePaymentEmail(value);
      setEmail(value);
      toast.success('Payment email updated.');
    } catch (error) {
      console.warn('Could not update the payment email.', error);
      setFailure(UPDATE_PAYMENT_EMAIL_FAILED_MESSAGE);
    } finally {
      setUpdating(false);
    }
  }

  return (
    <form className="payment-email" onSubmit={(event) => void submit(event)}>
      <label className="payment-email__label" htmlFor={inputId}>
        Payment email
      </label>
      <div className="payment-email__row">
        <input
          id={inputId}
          className="payment-email__input"
          type="email"
          autoComplete="email"
          value={email}
          disabled={updating}
          aria-describedby={hintId}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={email.trim() === '' || updating}
          aria-busy={updating || undefined}
        >
          Update
        </button>
      </div>
      <p id={hintId} className="settings-muted payment-email__hint">
        Receipts and invoices are sent to this address.
      </p>
      {failure !== null ? <InformationDialog title="Something went wrong" message={failure} onClose={() => setFailure(null)} /> : null}
    </form>
  );
}

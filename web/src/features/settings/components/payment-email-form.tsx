import { useState, type FormEvent } from 'react';
import { MAX_BILLING_EMAIL_LENGTH } from '@contract/billing';
import { InformationDialog } from '@/components/ui/dialog/information-dialog';
import { EmailField } from '@/components/ui/email-input/email-field';
import { toast } from '@/components/ui/toast/toast-store';
import { httpStatusOf } from '@/lib/api-error';
import { serverMessageOf } from '@/lib/server-message';
import { useUpdatePaymentEmail } from '../api/update-payment-email';

export const UPDATE_PAYMENT_EMAIL_FAILED_MESSAGE = 'Failed to update payment email. Please try again.';

/** The payment email (docs/product.md § Settings): an email field and "Update", disabled when empty or while updating. */
export function PaymentEmailForm({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const update = useUpdatePaymentEmail();
  const [failure, setFailure] = useState<string | null>(null);
  const updating = update.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (value === '' || updating) return;
    update.mutate(value, {
      onSuccess: () => {
        setEmail(value);
        toast.success('Payment email updated.');
      },
      onError: (error) => {
        console.warn('Could not update the payment email.', error);
        // A refused address is said as a sentence ("Enter a valid email address, …"); anything else is the fixed failure text.
        void (async () => setFailure((httpStatusOf(error) === 400 ? await serverMessageOf(error) : null) ?? UPDATE_PAYMENT_EMAIL_FAILED_MESSAGE))();
      },
    });
  }

  return (
    <form className="payment-email" onSubmit={submit}>
      <EmailField
        label="Payment email"
        block="payment-email"
        autoComplete="email"
        maxLength={MAX_BILLING_EMAIL_LENGTH}
        value={email}
        onValueChange={setEmail}
        disabled={updating}
        action={
          <button type="submit" className="button button--primary" disabled={email.trim() === '' || updating} aria-busy={updating || undefined}>
            Update
          </button>
        }
        hint="Receipts and invoices are sent to this address."
      />
      {failure !== null ? <InformationDialog title="Something went wrong" message={failure} onClose={() => setFailure(null)} /> : null}
    </form>
  );
}

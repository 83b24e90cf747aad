import { api } from '@/lib/api-client';

/** PUT /api/stripe/email { email }: the billing email of the payment provider's customer. */
export async function updatePaymentEmail(email: string): Promise<void> {
  await api.put('stripe/email', { json: { email } });
}

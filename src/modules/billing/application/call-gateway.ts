import { AppError } from '../../../shared/app-error.js';
import { BillingErrors } from '../billing.errors.js';
import { PaymentProviderUnavailableError } from './ports/payment-gateway.port.js';

/** A provider outage becomes a message the user can act on (try again); anything else stays a bug. */
export async function callGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError) {
      throw new AppError(BillingErrors.PROVIDER_UNAVAILABLE, 'The payment provider is not answering right now. Please try again in a moment.', { cause: error });
    }
    throw error;
  }
}

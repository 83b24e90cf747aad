import { billingDisabled } from '../application/billing-settings.js';
import type { PaymentGateway } from '../application/ports/payment-gateway.port.js';

const refuse = () => Promise.reject(billingDisabled());

/** BILLING=off: nothing is sold. The use cases answer before reaching it; this is the safety net. */
export class DisabledPaymentGateway implements PaymentGateway {
  readonly provider = 'off' as const;
  prices = refuse;
  createCustomer = refuse;
  updateCustomerEmail = refuse;
  createCheckout = refuse;
  retrieveSubscription = refuse;
  setCancelAtPeriodEnd = refuse;
  cancelNow = refuse;
  useCardFromSetup = refuse;
  listCards = refuse;
  previewPlanChange = refuse;
  changePlan = refuse;
}

import { AppError } from '../../../shared/app-error.js';
import { BILLING_DISABLED_MESSAGE, BillingErrors } from '../billing.errors.js';

/** What the billing use cases need from the configuration. */
export interface BillingSettings {
  /** `off`: everyone is active with unlimited tokens and nothing can be bought. */
  mode: 'local' | 'stripe' | 'off';
  /** Where browsers reach the app: the payment pages send them back here. */
  publicUrl: string;
}

export const BILLING_SETTINGS = Symbol('BillingSettings');

export function billingDisabled(): AppError {
  return new AppError(BillingErrors.DISABLED, BILLING_DISABLED_MESSAGE);
}

export function ensureBillingOn(settings: BillingSettings): void {
  if (settings.mode === 'off') throw billingDisabled();
}

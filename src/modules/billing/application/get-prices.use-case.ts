import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { BillingErrors } from '../billing.errors.js';
import { byPriceTypeOrder, type Price, type PriceType } from '../domain/price.js';
import { BILLING_SETTINGS, billingDisabled, type BillingSettings } from './billing-settings.js';
import { callGateway } from './call-gateway.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './ports/payment-gateway.port.js';

/** The public price list (landing page, plan selection, token purchase). */
@injectable()
export class GetPrices {
  constructor(
    @inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @inject(BILLING_SETTINGS) private readonly settings: BillingSettings,
  ) {}

  /** With billing off nothing is for sale: an empty list, not an error. */
  async list(): Promise<Price[]> {
    if (this.settings.mode === 'off') return [];
    const prices = await callGateway(() => this.gateway.prices());
    return [...prices].sort(byPriceTypeOrder);
  }

  async one(priceType: PriceType): Promise<Price> {
    if (this.settings.mode === 'off') throw billingDisabled();
    const price = (await callGateway(() => this.gateway.prices())).find((candidate) => candidate.priceType === priceType);
    if (!price) throw new AppError(BillingErrors.PRICE_NOT_FOUND, `The price ${priceType} is not on offer.`);
    return price;
  }
}

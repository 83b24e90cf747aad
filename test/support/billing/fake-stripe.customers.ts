/**
 * The fake Stripe's catalogue and customers: prices, customers and their cards, which checkouts and
 * subscriptions (fake-stripe.subscriptions.ts, fake-stripe.state.ts) refer to.
 */
import { list, newId, StripeFailure, type Json, type Obj } from './fake-stripe.objects.js';

export class FakeStripeCustomers {
  readonly prices = new Map<string, Obj>();
  readonly customers = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj>();

  constructor(readonly now: () => number) {}

  get(map: Map<string, Obj>, kind: string, id: string): Obj {
    const found = map.get(id);
    if (!found) throw new StripeFailure(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing');
    return found;
  }

  seedPrice(input: { lookupKey: string; unitAmount: number; unitAmountDecimal?: string; tokens?: string | null; recurring?: boolean; active?: boolean }): Obj {
    const price: Obj = {
      id: newId('price'),
      object: 'price',
      active: input.active ?? true,
      currency: 'usd',
      lookup_key: input.lookupKey,
      metadata: input.tokens === null || input.tokens === undefined ? {} : { tokens: input.tokens },
      product: newId('prod'),
      recurring: input.recurring ? { interval: 'month', interval_count: 1, usage_type: 'licensed' } : null,
      type: input.recurring ? 'recurring' : 'one_time',
      unit_amount: Math.round(Number(input.unitAmountDecimal ?? input.unitAmount)),
      unit_amount_decimal: input.unitAmountDecimal ?? String(input.unitAmount),
      created: this.now(),
      livemode: false,
    };
    this.prices.set(price.id, price);
    return price;
  }

  /** Basic $9 / 500 tokens, Professional $29 / 2000 tokens, a token at 2 cents. */
  seedDefaultPrices() {
    return {
      basic: this.seedPrice({ lookupKey: 'monthlyBasic', unitAmount: 900, tokens: '500', recurring: true }),
      pro: this.seedPrice({ lookupKey: 'monthlyPro', unitAmount: 2900, tokens: '2000', recurring: true }),
      token: this.seedPrice({ lookupKey: 'singleToken', unitAmount: 2, tokens: '1' }),
    };
  }

  listPrices(query: Json) {
    const keys = Array.isArray(query.lookup_keys) ? (query.lookup_keys as string[]) : null;
    const data = [...this.prices.values()].filter((price) => (!keys || keys.includes(String(price.lookup_key))) && (query.active !== 'true' || price.active === true));
    return list(data, '/v1/prices');
  }

  createCustomer(body: Json): Obj {
    const customer: Obj = { id: newId('cus'), object: 'customer', email: body.email ?? null, metadata: body.metadata ?? {}, created: this.now(), invoice_settings: { default_payment_method: null } };
    this.customers.set(customer.id, customer);
    return customer;
  }

  updateCustomer(id: string, body: Json): Obj {
    const customer = this.get(this.customers, 'customer', id);
    if (typeof body.email === 'string') customer.email = body.email;
    const settings = body.invoice_settings as Json | undefined;
    if (settings?.default_payment_method) {
      this.get(this.paymentMethods, 'payment_method', String(settings.default_payment_method));
      customer.invoice_settings = { default_payment_method: settings.default_payment_method };
    }
    return customer;
  }

  listPaymentMethods(customerId: string) {
    this.get(this.customers, 'customer', customerId);
    return list([...this.paymentMethods.values()].filter((method) => method.customer === customerId).reverse(), `/v1/customers/${customerId}/payment_methods`);
  }

  addCard(customer: string, last4: string, brand = 'mastercard'): Obj {
    const method: Obj = { id: newId('pm'), object: 'payment_method', type: 'card', customer, created: this.now(), card: { brand, last4, exp_month: 12, exp_year: 2031, funding: 'credit', country: 'US' } };
    this.paymentMethods.set(method.id, method);
    return method;
  }
}

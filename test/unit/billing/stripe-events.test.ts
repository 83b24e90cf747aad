import { describe, expect, it } from 'vitest';
import { translate } from '../../../src/modules/billing/infra/stripe/stripe-events.js';

const line = { period: { start: 1_790_000_000, end: 1_792_592_000 }, pricing: { type: 'price_details', price_details: { price: 'price_basic', product: 'prod_1' } } };

describe('reading Stripe events', () => {
  it('reads a completed checkout in each mode', () => {
    expect(translate('evt_1', 'checkout.session.completed', { id: 'cs_1', mode: 'subscription', customer: 'cus_1', subscription: 'sub_1', setup_intent: null, payment_status: 'paid', amount_total: 900 })).toEqual({
      kind: 'checkout-completed',
      eventId: 'evt_1',
      sessionId: 'cs_1',
      mode: 'subscription',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      setupRef: null,
      paid: true,
      amountTotalCents: 900,
    });
    expect(translate('evt_2', 'checkout.session.completed', { id: 'cs_2', mode: 'payment', customer: { id: 'cus_1' }, payment_status: 'unpaid' })).toMatchObject({ paid: false });
    expect(translate('evt_3', 'checkout.session.async_payment_succeeded', { id: 'cs_2', mode: 'payment', customer: 'cus_1', payment_status: 'unpaid' })).toMatchObject({ paid: true });
    expect(translate('evt_4', 'checkout.session.completed', { id: 'cs_3', mode: 'setup', customer: 'cus_1', setup_intent: 'seti_1', payment_status: 'no_payment_required' })).toMatchObject({ setupRef: 'seti_1', paid: true });
  });

  it('reads a paid invoice of the current API version as a paid period', () => {
    const event = translate('evt_5', 'invoice.paid', {
      id: 'in_1',
      customer: 'cus_1',
      billing_reason: 'subscription_cycle',
      amount_paid: 900,
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: {} } },
      lines: { data: [line] },
    });
    expect(event).toEqual({
      kind: 'period-paid',
      eventId: 'evt_5',
      invoiceId: 'in_1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      periodStart: new Date(1_790_000_000_000),
      periodEnd: new Date(1_792_592_000_000),
      priceId: 'price_basic',
      planTokens: null,
      amountPaidCents: 900,
    });
  });

  it('reads the older invoice shape too (subscription and price on the invoice and line)', () => {
    const event = translate('evt_6', 'invoice.paid', {
      id: 'in_2',
      customer: 'cus_1',
      billing_reason: 'subscription_create',
      amount_paid: 2900,
      subscription: 'sub_2',
      lines: { data: [{ period: line.period, price: { id: 'price_pro', metadata: { tokens: '2000' } } }] },
    });
    expect(event).toMatchObject({ kind: 'period-paid', subscriptionId: 'sub_2', priceId: 'price_pro', planTokens: 2000 });
  });

  it('reads other invoices and subscription events as "read the subscription again"', () => {
    const invoice = { id: 'in_3', customer: 'cus_1', parent: { subscription_details: { subscription: 'sub_1' } }, lines: { data: [line] } };
    expect(translate('evt_7', 'invoice.payment_failed', { ...invoice, billing_reason: 'subscription_cycle' })).toEqual({ kind: 'subscription-changed', eventId: 'evt_7', customerId: 'cus_1', subscriptionId: 'sub_1' });
    expect(translate('evt_8', 'invoice.paid', { ...invoice, billing_reason: 'manual' })).toMatchObject({ kind: 'subscription-changed' });
    expect(translate('evt_8b', 'invoice.payment_failed', { ...invoice, billing_reason: 'subscription_update' })).toMatchObject({ kind: 'subscription-changed' });
    expect(translate('evt_9', 'customer.subscription.deleted', { id: 'sub_1', customer: 'cus_1', status: 'canceled' })).toMatchObject({ kind: 'subscription-changed', subscriptionId: 'sub_1' });
  });

  it('reads a paid plan change invoice with its proration lines, credits negative', () => {
    const proration = (price: string, amount: number) => ({ amount, period: { start: 1_795_000_000, end: 1_796_000_000 }, pricing: { price_details: { price } } });
    const invoice = {
      id: 'in_up',
      customer: 'cus_1',
      billing_reason: 'subscription_update',
      amount_paid: 1000,
      parent: { subscription_details: { subscription: 'sub_1' } },
      lines: { data: [proration('price_basic', -450), proration('price_pro', 1450)] },
    };
    expect(translate('evt_up', 'invoice.paid', invoice)).toEqual({
      kind: 'plan-change-paid',
      eventId: 'evt_up',
      invoiceId: 'in_up',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      lines: [
        { priceId: 'price_basic', amountCents: -450, periodEnd: new Date(1_796_000_000_000) },
        { priceId: 'price_pro', amountCents: 1450, periodEnd: new Date(1_796_000_000_000) },
      ],
      amountPaidCents: 1000,
    });
  });

  it('ignores what billing does not act on', () => {
    expect(translate('evt_10', 'charge.refunded', { id: 'ch_1' })).toEqual({ kind: 'ignored', eventId: 'evt_10', type: 'charge.refunded' });
    expect(translate('evt_11', 'invoice.paid', { id: 'in_4', customer: 'cus_1', billing_reason: 'manual', lines: { data: [] } })).toMatchObject({ kind: 'ignored' });
  });
});

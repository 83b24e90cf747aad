import { describe, expect, it } from 'vitest';
import { monthlyPrice, perTokenPrice, pricingView, tokenCount } from '../pricing';

const basic = { priceType: 'monthlyBasic', price: 9, tokens: 500 } as const;
const pro = { priceType: 'monthlyPro', price: 29, tokens: 2000 } as const;
const single = { priceType: 'singleToken', price: 0.02, tokens: 1 } as const;

describe('pricingView', () => {
  it('is loading while the prices load', () => {
    expect(pricingView({ status: 'loading' }, 'stripe')).toEqual({ kind: 'loading' });
  });

  it('is an error when the prices failed', () => {
    expect(pricingView({ status: 'error' }, 'stripe')).toEqual({ kind: 'error' });
  });

  it('orders the plans Basic, Professional and picks the single-token price', () => {
    expect(pricingView({ status: 'ready', prices: [single, pro, basic] }, 'local')).toEqual({ kind: 'plans', plans: [basic, pro], singleToken: single });
  });

  it('has no extra-token box without a single-token price', () => {
    expect(pricingView({ status: 'ready', prices: [basic] }, 'stripe')).toEqual({ kind: 'plans', plans: [basic], singleToken: null });
  });

  it('reads an empty list by the billing mode: free when off, an error otherwise, loading until known', () => {
    const empty = { status: 'ready', prices: [] } as const;
    expect(pricingView(empty, 'off')).toEqual({ kind: 'free' });
    expect(pricingView(empty, 'stripe')).toEqual({ kind: 'error' });
    expect(pricingView(empty, 'unknown')).toEqual({ kind: 'error' });
    expect(pricingView(empty, 'loading')).toEqual({ kind: 'loading' });
  });
});

describe('price formatting', () => {
  it('gives the price per token with 4 decimals', () => {
    expect(perTokenPrice(basic)).toBe('$0.0180');
    expect(perTokenPrice(pro)).toBe('$0.0145');
    expect(perTokenPrice(single)).toBe('$0.0200');
    expect(perTokenPrice({ priceType: 'monthlyBasic', price: 9.99, tokens: 1000 })).toBe('$0.0100');
  });

  it('shows whole monthly prices without cents', () => {
    expect(monthlyPrice(9)).toBe('$9');
    expect(monthlyPrice(9.5)).toBe('$9.50');
  });

  it('groups token counts', () => {
    expect(tokenCount(2000)).toBe('2,000');
  });
});

/** A saved card, as Settings shows it: only brand, last four digits and expiry, never more. */
export interface Card {
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

const BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos',
  interac: 'Interac',
};

/** Providers send brand codes (`visa`); people read names (`Visa`). */
export function cardBrandLabel(brand: string): string {
  return BRAND_LABELS[brand.toLowerCase()] ?? (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card');
}

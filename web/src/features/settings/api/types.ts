// The settings answers: the HTTP contract's types (src/contract).

/** A payment method (docs/product.md § Settings): the card's brand, last 4 digits and expiry. */
export type { PaymentMethod } from '@contract/subscription';

/** The fake Stripe's building blocks, shared by its parts: object shapes, ids, lists, and Stripe's error. */
import { randomBytes } from 'node:crypto';

export type Json = Record<string, unknown>;
export type Obj = Json & { id: string };

export const DAY = 24 * 60 * 60;
export const MONTH = 30 * DAY;
export const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
export const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

/** An error Stripe answers with its own shape: `{ error: { type, message, code } }`. */
export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const invalid = (message: string) => new StripeFailure(400, 'invalid_request_error', message);

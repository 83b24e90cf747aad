import type { IncomingMessage } from 'node:http';
import { stripeWebhookRoutes } from '../../../contract/billing.js';
import { AppError, GenericErrors } from '../../../shared/app-error.js';
import { MB } from '../../../shared/sizes.js';

/** Signed over its exact bytes: the billing module asks the app to leave this path's body unparsed. */
export const STRIPE_WEBHOOK_PATH = stripeWebhookRoutes.stripeWebhook.path;

/** Stripe's events are small; a generous cap still stops an endless body. */
export async function readRawBody(req: IncomingMessage, limitBytes = MB): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limitBytes) throw new AppError(GenericErrors.REQUEST_TOO_LARGE, 'The request body is too large.');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

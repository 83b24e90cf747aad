// Health checks and the public configuration (docs/api.md § Health, metrics and public configuration).
import { z } from 'zod/mini';
import { routeTable } from './route.js';

/** GET /healthz. */
export const HealthResponse = z.strictObject({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /readyz: 200 ready, or 503 unavailable with a reason. */
export const ReadinessResponse = z.union([z.strictObject({ status: z.literal('ready') }), z.strictObject({ status: z.literal('unavailable'), reason: z.string() })]);
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;

export const BILLING_MODES = ['local', 'stripe', 'off'] as const;
export const BillingMode = z.enum(BILLING_MODES);
export type BillingMode = z.infer<typeof BillingMode>;

/** GET /api/public-config: what the public pages need to know about this install; no secrets. */
export const PublicConfig = z.strictObject({
  supportEmail: z.string(),
  /** An http(s) URL, or null when the operator set none. */
  socialUrl: z.nullable(z.url()),
  /** An https embed URL (e.g. https://www.youtube-nocookie.com/embed/…), or null. */
  videoUrl: z.nullable(z.url()),
  billing: BillingMode,
  inboundDomain: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const platformRoutes = routeTable({
  health: { method: 'GET', path: '/healthz', auth: 'public', summary: 'The process is alive.', status: 200, answer: HealthResponse },
  readiness: { method: 'GET', path: '/readyz', auth: 'public', summary: 'The process can reach its database and has disk room: 200, or 503 with a reason.', status: 200, otherStatuses: [503], answer: ReadinessResponse },
  publicConfig: { method: 'GET', path: '/api/public-config', auth: 'public', summary: 'What the public pages need to know about this install.', status: 200, answer: PublicConfig },
});

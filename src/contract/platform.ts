// Health checks and the public configuration (docs/api.md § Health, metrics and public configuration).

/** GET /healthz. */
export type HealthResponse = { status: 'ok' };

/** GET /readyz: 200 ready, or 503 unavailable with a reason. */
export type ReadinessResponse = { status: 'ready' } | { status: 'unavailable'; reason: string };

export type BillingMode = 'local' | 'stripe' | 'off';

/** GET /api/public-config: what the public pages need to know about this install; no secrets. */
export type PublicConfig = {
  supportEmail: string;
  /** An http(s) URL, or null when the operator set none. */
  socialUrl: string | null;
  /** An https embed URL (e.g. https://www.youtube-nocookie.com/embed/…), or null. */
  videoUrl: string | null;
  billing: BillingMode;
  inboundDomain: string;
};

// What the public pages need to know about this installation (GET /api/public-config, no sign-in):
// the support address, the social link, the landing video, the billing mode, the mail domain.
// The app's screens share one load through lib/public-config-query.ts; the landing page loads it itself.
import { platformRoutes, type PublicConfig } from '@contract/platform';
import { callRoute } from './api-route';

// The HTTP contract's types (src/contract).
export type { BillingMode, PublicConfig } from '@contract/platform';

/**
 * A URL with one of the protocols, else null: the contract only says "a URL", and these become a link and
 * an embedded frame, which must never run a javascript: address.
 */
function urlOrNull(value: string | null, protocols: readonly string[]): string | null {
  if (value === null) return null;
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** GET /api/public-config. */
export async function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const config = await callRoute(platformRoutes.publicConfig, { signal });
  return { ...config, socialUrl: urlOrNull(config.socialUrl, ['https:', 'http:']), videoUrl: urlOrNull(config.videoUrl, ['https:']) };
}

// What the public pages need to know about this installation (GET /api/public-config, no sign-in):
// the support address, the social link, the landing video, the billing mode, the mail domain.
// Loaded once per page load and shared by every screen that shows it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { isRecord } from './answer-checks';
import { publicConfigKeys } from './query-keys';

import type { PublicConfig } from '@contract/platform';

// The HTTP contract's types (src/contract).
export type { BillingMode, PublicConfig } from '@contract/platform';

/** A URL with one of the protocols, as a string; anything else is null (never a javascript: link). */
function urlOrNull(value: unknown, protocols: readonly string[]): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

export function toPublicConfig(body: unknown): PublicConfig {
  if (!isRecord(body)) throw new Error('GET /api/public-config answered without a configuration.');
  const { supportEmail, socialUrl, videoUrl, billing, inboundDomain } = body;
  if (typeof supportEmail !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(supportEmail)) {
    throw new Error('GET /api/public-config answered without a support address.');
  }
  return {
    supportEmail,
    socialUrl: urlOrNull(socialUrl, ['https:', 'http:']),
    videoUrl: urlOrNull(videoUrl, ['https:']),
    billing: billing === 'off' || billing === 'stripe' ? billing : 'local',
    inboundDomain: typeof inboundDomain === 'string' ? inboundDomain : '',
  };
}

/** GET /api/public-config. */
export async function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return toPublicConfig(await api.get('public-config', signal ? { signal } : {}).json<unknown>());
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: publicConfigKeys.all,
    queryFn: ({ signal }) => getPublicConfig(signal),
    // Fixed for the page load: an operator's change shows on the next one.
    staleTime: Infinity,
    meta: { errorMessage: 'Could not load the public configuration.' },
  });

/** The configuration for a component; a failure is logged, and the screen shows what it can without it. */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}

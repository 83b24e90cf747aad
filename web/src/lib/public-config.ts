// What the public pages need to know about this installation (GET /api/public-config, no sign-in):
// the support address, the social link, the landing video, the billing mode, the mail domain.
// Loaded once per page load and shared by every screen that shows it.
import { useEffect, useState } from 'react';
import { api } from './api-client';

export type BillingMode = 'local' | 'stripe' | 'off';

export type PublicConfig = {
  supportEmail: string;
  /** An http(s) URL, or null when the operator set none. */
  socialUrl: string | null;
  /** An https embed URL (e.g. https://www.youtube-nocookie.com/embed/…), or null. */
  videoUrl: string | null;
  billing: BillingMode;
  inboundDomain: string;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

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

let loading: Promise<PublicConfig> | null = null;

/** The configuration, fetched on the first call; a failed fetch is forgotten so a later call tries again. */
export function getPublicConfig(): Promise<PublicConfig> {
  loading ??= api
    .get('public-config')
    .json<unknown>()
    .then(toPublicConfig)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

export type PublicConfigState = { status: 'loading' } | { status: 'ready'; config: PublicConfig } | { status: 'error' };

/** The configuration for a component; a failure is logged, and the screen shows what it can without it. */
export function usePublicConfig(): PublicConfigState {
  const [state, setState] = useState<PublicConfigState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    getPublicConfig().then(
      (config) => {
        if (active) setState({ status: 'ready', config });
      },
      (error: unknown) => {
        console.warn('Could not load the public configuration.', error);
        if (active) setState({ status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  return state;
}

/** Forgets the loaded configuration (tests, and nothing else, need this). */
export function resetPublicConfig(): void {
  loading = null;
}

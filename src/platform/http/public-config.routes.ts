import { Router } from '@koa/router';
import type { PublicConfig } from '../../contract/platform.js';
import type { AppConfig } from '../config/config.js';

/** What the public pages need to know about this install (contact, links, billing mode); no secrets. */
export function publicConfigRoutes(config: AppConfig): Router {
  const router = new Router();
  router.get('/api/public-config', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = {
      supportEmail: config.SUPPORT_EMAIL,
      socialUrl: config.SOCIAL_URL ?? null,
      videoUrl: config.LANDING_VIDEO_URL ?? null,
      billing: config.BILLING,
      inboundDomain: config.INBOUND_DOMAIN,
    } satisfies PublicConfig;
  });
  return router;
}

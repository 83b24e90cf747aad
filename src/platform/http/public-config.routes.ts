import { Router } from '@koa/router';
import { platformRoutes } from '../../contract/platform.js';
import type { AppConfig } from '../config/config.js';
import { contractRouter } from './contract-route.js';

/** What the public pages need to know about this install (contact, links, billing mode); no secrets. */
export function publicConfigRoutes(config: AppConfig): Router {
  const router = new Router();
  contractRouter(router)(platformRoutes.publicConfig, (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    return {
      supportEmail: config.SUPPORT_EMAIL,
      socialUrl: config.SOCIAL_URL ?? null,
      videoUrl: config.LANDING_VIDEO_URL ?? null,
      billing: config.BILLING,
      inboundDomain: config.INBOUND_DOMAIN,
    };
  });
  return router;
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { Router } from '@koa/router';
import { AppError, GenericErrors } from '../../shared/app-error.js';
import type { PrometheusMetrics } from './prometheus.metrics.js';

const BEARER = /^Bearer\s+(\S+)$/i;

/** Hashing first gives equal lengths, so the comparison takes the same time whatever was sent. */
const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * GET /metrics in Prometheus's text format. With a token configured it needs `Authorization: Bearer
 * <token>`; without one it is open, for a scraper on a private network.
 */
export function metricsRoutes(metrics: PrometheusMetrics, token: string | undefined): Router {
  const router = new Router();
  const expected = token ? digest(token) : null;
  router.get('/metrics', async (ctx) => {
    if (expected) {
      const sent = BEARER.exec(ctx.get('authorization'))?.[1];
      if (!sent || !timingSafeEqual(digest(sent), expected)) {
        ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
        throw new AppError(GenericErrors.UNAUTHENTICATED, 'A valid metrics token is required.');
      }
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Type', metrics.contentType);
    ctx.body = await metrics.render();
  });
  return router;
}

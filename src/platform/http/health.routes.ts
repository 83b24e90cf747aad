import { Router } from '@koa/router';
import type { HealthResponse, ReadinessResponse } from '../../contract/platform.js';
import type { Database } from '../db/database.js';

/** /healthz says the process is alive; /readyz that it can reach its database (for load balancers). */
export function healthRoutes(db: Database): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' } satisfies HealthResponse;
  });
  router.get('/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      await db.raw('select 1');
      ctx.body = { status: 'ready' } satisfies ReadinessResponse;
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'unavailable', reason: 'database unreachable' } satisfies ReadinessResponse;
    }
  });
  return router;
}

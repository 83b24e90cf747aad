import { Router } from '@koa/router';
import { platformRoutes as routes, type ReadinessResponse } from '../../contract/platform.js';
import type { Database } from '../db/database.js';
import { contractRouter } from './contract-route.js';
import { describeShortage, type SpaceStatus } from '../storage/data-dir-space.js';

/**
 * /healthz says the process is alive; /readyz that it can reach its database (for load balancers): 503
 * with `Retry-After` when it cannot, like the API's answers in that case.
 */
export function healthRoutes(db: Database, space: { check(): Promise<SpaceStatus> } | null = null): Router {
  const router = new Router();
  const on = contractRouter(router);
  on(routes.health, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return { status: 'ok' as const };
  });
  on(routes.readiness, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    // The embedded database's DATA_DIR under DATA_DIR_MIN_FREE_MB: the SMTP intake answers 452 meanwhile.
    const room = await space?.check();
    if (room && !room.ok) {
      ctx.status = 503;
      return { status: 'unavailable', reason: describeShortage(room) } satisfies ReadinessResponse;
    }
    try {
      await db.raw('select 1');
      return { status: 'ready' } satisfies ReadinessResponse;
    } catch {
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      return { status: 'unavailable', reason: 'database unreachable' } satisfies ReadinessResponse;
    }
  });
  return router;
}

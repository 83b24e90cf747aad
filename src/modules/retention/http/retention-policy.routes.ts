import { Router } from '@koa/router';
import { retentionRoutes } from '../../../contract/retention.js';
import { contractRouter } from '../../../platform/http/contract-route.js';
import type { RetentionPeriods } from '../../../shared/retention-policy.js';
import { presentRetentionPolicy } from './retention-policy.presenter.js';

/**
 * GET /api/retention-policy (public): the periods this installation keeps data for, and the privacy
 * policy's sentences about them, which the policy page shows as they are.
 */
export function retentionPolicyRoutes({ periods }: { periods: RetentionPeriods }): Router {
  const router = new Router();
  const body = presentRetentionPolicy(periods);
  contractRouter(router)(retentionRoutes.retentionPolicy, (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    return body;
  });
  return router;
}

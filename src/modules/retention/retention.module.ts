import type { AppModule, ModuleContext } from '../../platform/wiring/app-module.js';
import { retentionPeriods } from '../../shared/retention-policy.js';
import { retentionPolicyRoutes } from './http/retention-policy.routes.js';

/**
 * Retention: one job (`ApplyRetention`, run by the worker role after each held-mail sweep) purges what the
 * other modules keep past its use, by the periods of shared/retention-policy.ts, and
 * `GET /api/retention-policy` tells the privacy policy page those periods in its own words. The job uses
 * each module's surface; this module owns no table.
 */
export function retentionModule({ config }: ModuleContext): AppModule {
  return {
    name: 'retention',
    http: { routers: () => [retentionPolicyRoutes({ periods: retentionPeriods(config) })] },
  };
}

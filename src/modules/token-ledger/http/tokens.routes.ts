import { Router } from '@koa/router';
import type { AddedTokensResponse, TokenUsageResponse, UsageChartResponse } from '../../../contract/usage.js';
import { AppError, GenericErrors } from '../../../shared/app-error.js';
import { sendPrepared } from '../../../platform/http/prepared-json.js';
import { ResponseCache } from '../../../platform/http/response-cache.js';
import { validate } from '../../../platform/http/validate.js';
import { principalOf, requireAuth, type Authenticate, type AuthState } from '../../identity/index.js';
import { MAX_CHART_DAYS, type TokenReports } from '../application/token-reports.use-case.js';
import type { TokenPanel } from '../application/token-panel.use-case.js';
import type { UsageChart } from '../application/usage-chart.use-case.js';
import { presentAddedRow, presentTokenState, presentUsageDay, presentUsageRow } from './tokens.presenter.js';
import { addedTableQuery, chartQuery, usageTableQuery } from './tokens.schemas.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TokensRouteDeps {
  authenticate: Authenticate;
  reports: TokenReports;
  panel: TokenPanel;
  chart: UsageChart;
}

/** GET /api/tokens/state, /usage/chart, /usage/table, /added/table. */
export function tokensRoutes({ authenticate, reports, panel, chart }: TokensRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/api/tokens' });
  const auth = requireAuth(authenticate);
  // The chart keeps each answer's days under the user's usage revision and hands back the same array while
  // it holds: its JSON is serialised, hashed and compressed once for all the requests it answers. Measured
  // on a 180-day chart: half the call's CPU went to compressing and hashing the same bytes again.
  const charts = new ResponseCache();

  router.get('/state', auth, async (ctx) => {
    ctx.body = presentTokenState(await panel.state(principalOf(ctx).user.id));
  });

  router.get('/usage/chart', auth, async (ctx) => {
    const query = validate(chartQuery, ctx.query);
    const from = new Date(query.from);
    const to = query.to ? new Date(query.to) : null;
    const end = to ?? new Date(Date.now() + DAY_MS);
    if (end <= from) throw new AppError(GenericErrors.REQUEST_INVALID, 'to: must be after from');
    if (end.getTime() - from.getTime() > MAX_CHART_DAYS * DAY_MS) throw new AppError(GenericErrors.REQUEST_INVALID, `from: the range may span at most ${MAX_CHART_DAYS} days`);
    const days = await chart.execute(principalOf(ctx).user.id, { from, to, timeZone: query.tz });
    sendPrepared(ctx, charts.tiedTo(days, () => ({ usage: days.map(presentUsageDay) }) satisfies UsageChartResponse));
  });

  router.get('/usage/table', auth, async (ctx) => {
    const query = validate(usageTableQuery, ctx.query);
    const { rows, total } = await reports.usage(principalOf(ctx).user.id, query);
    ctx.body = { data: rows.map(presentUsageRow), total } satisfies TokenUsageResponse;
  });

  router.get('/added/table', auth, async (ctx) => {
    const query = validate(addedTableQuery, ctx.query);
    const { rows, total } = await reports.added(principalOf(ctx).user.id, query);
    ctx.body = { data: rows.map(presentAddedRow), total } satisfies AddedTokensResponse;
  });

  return router;
}

import type { Server } from 'node:http';
import type Koa from 'koa';
import type { DependencyContainer } from 'tsyringe';
import { billingRouters, keepWebhookBodiesRaw } from '../modules/billing/index.js';
import { documentsRouters } from '../modules/documents/index.js';
import { identityRouters } from '../modules/identity/index.js';
import { mailRouters } from '../modules/mail/index.js';
import { tokenLedgerRouters } from '../modules/token-ledger/index.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { DATABASE, type Database } from '../platform/db/database.js';
import { createHttpApp } from '../platform/http/http-app.js';
import { healthRoutes } from '../platform/http/health.routes.js';
import { publicConfigRoutes } from '../platform/http/public-config.routes.js';
import { LOGGER, type Logger } from '../platform/logging/logger.js';
import { httpMetrics } from '../platform/metrics/http-metrics.middleware.js';
import { metricsRoutes } from '../platform/metrics/metrics.routes.js';
import { PrometheusMetrics } from '../platform/metrics/prometheus.metrics.js';

/** The Koa app with every module's routes; tests drive exactly this app over real HTTP. */
export function buildHttpApp(c: DependencyContainer): Koa {
  const config = c.resolve<AppConfig>(APP_CONFIG);
  const metrics = c.resolve(PrometheusMetrics);
  const app = createHttpApp({
    logger: c.resolve<Logger>(LOGGER),
    webDir: config.WEB_DIR,
    https: config.PUBLIC_URL.startsWith('https://'),
    // The landing page's embedded video is the only thing the app frames.
    frameSources: config.LANDING_VIDEO_URL ? [new URL(config.LANDING_VIDEO_URL).origin] : [],
    trustProxy: config.TRUST_PROXY,
    observeRequests: httpMetrics(metrics),
    routers: [
      healthRoutes(c.resolve<Database>(DATABASE)),
      // The whole process's metrics (its smtp and worker roles too, when it runs them).
      metricsRoutes(metrics, config.METRICS_TOKEN),
      publicConfigRoutes(config),
      ...identityRouters(c, config.PUBLIC_URL),
      ...documentsRouters(c),
      ...tokenLedgerRouters(c),
      ...mailRouters(c),
      ...billingRouters(c),
    ],
  });
  // Payment webhooks are signed over their exact bytes: flag them before the app-wide body parser
  // runs (it skips flagged requests), so the webhook route reads the raw body itself.
  app.middleware.unshift(keepWebhookBodiesRaw());
  return app;
}

export function listen(app: Koa, port: number, host?: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

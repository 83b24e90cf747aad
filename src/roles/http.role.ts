import type { Server } from 'node:http';
import type Koa from 'koa';
import type { DependencyContainer } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { DATABASE, type Database } from '../platform/db/database.js';
import { createHttpApp } from '../platform/http/http-app.js';
import { healthRoutes } from '../platform/http/health.routes.js';
import { publicConfigRoutes } from '../platform/http/public-config.routes.js';
import { LOGGER, type Logger } from '../platform/logging/logger.js';
import { httpMetrics } from '../platform/metrics/http-metrics.middleware.js';
import { metricsRoutes } from '../platform/metrics/metrics.routes.js';
import { PrometheusMetrics } from '../platform/metrics/prometheus.metrics.js';
import { APP_MODULES, type AppModule, type HttpContribution } from '../platform/wiring/app-module.js';
import { dataDirSpaceOf } from './data-dir-space.js';

/** The Koa app: the platform's routes, then each module's contribution in module order. Tests drive exactly this app. */
export function buildHttpApp(c: DependencyContainer): Koa {
  const config = c.resolve<AppConfig>(APP_CONFIG);
  const metrics = c.resolve(PrometheusMetrics);
  const contributions = c.resolve<AppModule[]>(APP_MODULES).flatMap((module): HttpContribution[] => (module.http ? [module.http] : []));
  return createHttpApp({
    logger: c.resolve<Logger>(LOGGER),
    webDir: config.WEB_DIR,
    https: config.PUBLIC_URL.startsWith('https://'),
    // The landing page's embedded video is the only thing the app frames.
    frameSources: config.LANDING_VIDEO_URL ? [new URL(config.LANDING_VIDEO_URL).origin] : [],
    trustProxy: config.TRUST_PROXY,
    observeRequests: httpMetrics(metrics),
    checkAnswers: config.API_ANSWER_CHECKS,
    rawBodyPaths: contributions.flatMap((http) => http.rawBodyPaths ?? []),
    routers: [
      healthRoutes(c.resolve<Database>(DATABASE), dataDirSpaceOf(c)),
      // The whole process's metrics (its smtp and worker roles too, when it runs them).
      metricsRoutes(metrics, config.METRICS_TOKEN),
      publicConfigRoutes(config),
      ...contributions.flatMap((http) => http.routers()),
    ],
  });
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

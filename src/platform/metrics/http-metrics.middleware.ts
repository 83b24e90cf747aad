import type { Middleware } from 'koa';
import type { PrometheusMetrics } from './prometheus.metrics.js';

/** Set by @koa/router on the context when a route matched: the pattern, e.g. `/api/getDocumentDetails/:id`. */
interface RoutedContext {
  _matchedRoute?: string | RegExp;
}

/** What no router matched (the web app's files and fallback, 404s, 405s): one label value for all. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times every request and records it by route pattern, never the raw path, so ids in URLs cannot
 * multiply the series. Mounted outside the error middleware so the status is the one sent.
 */
export function httpMetrics(metrics: PrometheusMetrics): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const matched = (ctx as RoutedContext)._matchedRoute;
      metrics.observeHttpRequest(
        { method: ctx.method, route: matched === undefined ? UNMATCHED_ROUTE : String(matched), status: ctx.status },
        (performance.now() - started) / 1000,
      );
    }
  };
}

import Koa, { type Middleware } from 'koa';
import type { Router } from '@koa/router';
import type { Logger } from 'pino';
import { answerChecks } from './answer-checks.js';
import { parseBodies } from './body-parser.js';
import { compression } from './compression.js';
import { conditionalGet } from './conditional-get.js';
import { errorMiddleware } from './error-middleware.js';
import { requestContext } from './request-context.js';
import { securityHeaders } from './security-headers.js';
import { webApp } from './web-app.js';
import { AppError, GenericErrors } from '../../shared/app-error.js';

export interface HttpAppOptions {
  logger: Logger;
  routers: Router[];
  /** Paths whose bodies the body parser leaves alone (see `parseBodies`). */
  rawBodyPaths?: readonly string[];
  webDir: string;
  https: boolean;
  trustProxy: boolean;
  frameSources?: string[];
  /** Observes every request once it is answered (request metrics); runs just inside the request context. */
  observeRequests?: Middleware;
  /** API_ANSWER_CHECKS: every contract route's answer is checked against src/contract (answer-checks.ts). */
  checkAnswers?: boolean;
}

/**
 * The reads answered with an ETag and 304 when unchanged (docs/api.md): the documents list, a document's
 * details, its received mails, and the usage chart and tables.
 */
export const REVALIDATED_READS: readonly RegExp[] = [
  /^\/api\/google-docs\/?$/,
  /^\/api\/getDocumentDetails\/[^/]+\/?$/,
  /^\/api\/document\/[^/]+\/received-mails\/?$/,
  /^\/api\/tokens\/(usage\/chart|usage\/table|added\/table)\/?$/,
];

/**
 * Assembles the Koa app: request context → request metrics → security headers → compression → errors →
 * ETags of the revalidated reads → web fallback (acts after the rest answered 404) → bodies → answer checks
 * (API_ANSWER_CHECKS) → routes → static assets.
 */
export function createHttpApp(options: HttpAppOptions): Koa {
  const app = new Koa({ proxy: options.trustProxy });
  // Errors are answered by errorMiddleware; Koa's default handler would print them a second time.
  app.silent = true;
  app.use(requestContext(options.logger));
  // Outside the error middleware, so it sees the status actually sent.
  if (options.observeRequests) app.use(options.observeRequests);
  app.use(securityHeaders({ https: options.https, frameSources: options.frameSources ?? [] }));
  // Outside the error middleware, so large error answers are compressed too.
  app.use(compression());
  app.use(errorMiddleware(options.logger));
  app.use(conditionalGet(REVALIDATED_READS));
  const [fallback, assets] = webApp(options.webDir);
  if (fallback) app.use(fallback);
  app.use(parseBodies({ rawBodyPaths: options.rawBodyPaths ?? [] }));
  app.use(methodErrors);
  if (options.checkAnswers) app.use(answerChecks());
  for (const router of options.routers) {
    app.use(router.routes());
    // Not thrown: answered this way, the router also sets the Allow header a 405 must carry.
    app.use(router.allowedMethods());
  }
  if (assets) app.use(assets);
  return app;
}

/** A router answers a known path's wrong method with a bare 405 (with Allow) or 501: given the API's error shape here. */
const methodErrors: Middleware = async (ctx, next) => {
  await next();
  if (ctx.body !== undefined && ctx.body !== null) return;
  if (ctx.status === 405) throw new AppError(GenericErrors.METHOD_NOT_ALLOWED, 'This method is not allowed here.');
  if (ctx.status === 501) throw new AppError(GenericErrors.METHOD_NOT_ALLOWED, 'This method is not supported.');
};

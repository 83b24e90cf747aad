import { Router } from '@koa/router';
import type { DevOutboxOutboundMail } from '../infra/dev-outbox.outbound-mail.js';
import { renderDevOutboxPage } from './dev-outbox.page.js';

const SHOWN = 100;

/** `GET /dev/outbox`: mounted only when the development outbox is the adapter (no SMTP, not production). */
export function devOutboxRoutes(outbox: DevOutboxOutboundMail): Router {
  const router = new Router();
  router.get('/dev/outbox', async (ctx) => {
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = renderDevOutboxPage(await outbox.recent(SHOWN));
  });
  return router;
}

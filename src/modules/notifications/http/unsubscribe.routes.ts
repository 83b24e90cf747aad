import { Router } from '@koa/router';
import { validate } from '../../../platform/http/validate.js';
import type { Unsubscribe } from '../application/unsubscribe.use-case.js';
import { unsubscribeForm, unsubscribeQuery } from './unsubscribe.schemas.js';
import { renderUnsubscribePage } from './unsubscribe.page.js';

/**
 * `GET /unsubscribe?token=` shows a confirmation; `POST` (the page's form, or a mail client's RFC 8058
 * one-click request) applies it. Signed out: the token's signature is the proof.
 */
export function unsubscribeRoutes(deps: { unsubscribe: Unsubscribe; publicUrl: string }): Router {
  const router = new Router();
  const settingsUrl = `${deps.publicUrl}/settings`;

  router.get('/unsubscribe', (ctx) => {
    const { token } = validate(unsubscribeQuery, ctx.query);
    const checked = deps.unsubscribe.check(token);
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    if (!checked.ok) ctx.status = 400;
    ctx.body = renderUnsubscribePage(checked.ok ? { state: 'confirm', token, scope: checked.scope } : { state: 'invalid', settingsUrl });
  });

  router.post('/unsubscribe', async (ctx) => {
    const { token } = validate(unsubscribeQuery, ctx.query);
    const form = validate(unsubscribeForm, ctx.request.body ?? {});
    const result = await deps.unsubscribe.apply(token, form.scope === 'all');
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    if (!result.ok) ctx.status = 400;
    ctx.body = renderUnsubscribePage(result.ok ? { state: 'done', scope: result.scope, settingsUrl } : { state: 'invalid', settingsUrl });
  });

  return router;
}

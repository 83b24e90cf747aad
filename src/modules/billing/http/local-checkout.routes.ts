import { Router, type RouterContext } from '@koa/router';
import type { LocalCheckout } from '../application/local-checkout.use-case.js';
import { renderLocalCheckoutPage, type LocalPageState } from './local-checkout.page.js';

type Ctx = RouterContext;

function page(ctx: Ctx, status: number, ...args: Parameters<typeof renderLocalCheckoutPage>) {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Robots-Tag', 'noindex');
  ctx.body = renderLocalCheckoutPage(...args);
}

/** /local-checkout/:id (+ /pay, /cancel): the embedded gateway's stand-in for Stripe's payment page. */
export function localCheckoutRoutes(checkout: LocalCheckout): Router {
  const router = new Router({ prefix: '/local-checkout' });

  router.get('/:id', async (ctx) => {
    const view = await checkout.view(ctx.params.id ?? '');
    if (view.state === 'not-found') return page(ctx, 404, 'not-found', null);
    page(ctx, 200, view.state satisfies LocalPageState, view.session);
  });

  // 303: the browser follows a POST's redirect with a GET.
  router.post('/:id/pay', async (ctx) => {
    const result = await checkout.pay(ctx.params.id ?? '');
    if ('redirectTo' in result) {
      ctx.status = 303;
      return ctx.redirect(result.redirectTo);
    }
    if (result.outcome === 'not-found') return page(ctx, 404, 'not-found', null);
    page(ctx, 409, result.outcome, result.session);
  });

  router.post('/:id/cancel', async (ctx) => {
    const result = await checkout.cancel(ctx.params.id ?? '');
    if (!result) return page(ctx, 404, 'not-found', null);
    ctx.status = 303;
    ctx.redirect(result.redirectTo);
  });

  return router;
}

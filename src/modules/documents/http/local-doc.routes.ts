import { Router } from '@koa/router';
import type { LocalDocStore } from '../infra/local.doc-store.js';
import { renderLocalDocPage } from './local-doc.page.js';

/** GET /local-docs/:id: the embedded store's documents, readable in a browser tab like a Google Doc. */
export function localDocRoutes(store: LocalDocStore): Router {
  const router = new Router();
  router.get('/local-docs/:id', async (ctx) => {
    const view = await store.view(ctx.params.id ?? '');
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Robots-Tag', 'noindex');
    if (!view) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'This document does not exist.';
      return;
    }
    ctx.type = 'html';
    ctx.body = renderLocalDocPage(view);
  });
  return router;
}

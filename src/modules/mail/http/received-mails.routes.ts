import { Router } from '@koa/router';
import type { AllowAndProcessResponse, FoundMailsResponse, ReceivedMailsResponse } from '../../../contract/received-mails.js';
import { validate } from '../../../platform/http/validate.js';
import { documentNotFound } from '../../documents/index.js';
import { principalOf, requireAuth, type Authenticate, type AuthState } from '../../identity/index.js';
import type { AllowAndProcess } from '../application/allow-and-process.use-case.js';
import type { ReceivedMails } from '../application/received-mails.use-case.js';
import { presentForwardingConfirmation, presentFoundMail, presentReceivedMail, presentReceivedMailDetail } from './received-mails.presenter.js';
import { documentParams, filterOf, foundMailsQuery, receivedMailsQuery, mailParams } from './received-mails.schemas.js';

/** A malformed id names no document: it answers like a missing one. */
function paramsOr404<T>(parse: () => T): T {
  try {
    return parse();
  } catch {
    throw documentNotFound();
  }
}

export interface ReceivedMailsRouteDeps {
  authenticate: Authenticate;
  mails: ReceivedMails;
  allowAndProcess: AllowAndProcess;
}

/** A document's received mail, the actions on a row, and the Gmail forwarding confirmation it got. */
export function receivedMailsRoutes({ authenticate, mails, allowAndProcess }: ReceivedMailsRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/api/document' });
  const auth = requireAuth(authenticate);

  router.get('/:id/received-mails', auth, async (ctx) => {
    const { id } = paramsOr404(() => validate(documentParams, ctx.params));
    const query = validate(receivedMailsQuery, ctx.query);
    const { rows, total } = await mails.list(principalOf(ctx).user.id, id, { ...query, filter: filterOf(query) });
    ctx.body = { data: rows.map(presentReceivedMail), total } satisfies ReceivedMailsResponse;
  });

  router.get('/:id/received-mails/:mailId', auth, async (ctx) => {
    const { id, mailId } = paramsOr404(() => validate(mailParams, ctx.params));
    ctx.body = presentReceivedMailDetail(await mails.detail(principalOf(ctx).user.id, id, mailId));
  });

  router.post('/:id/received-mails/:mailId/retry', auth, async (ctx) => {
    const { id, mailId } = paramsOr404(() => validate(mailParams, ctx.params));
    await mails.retry(principalOf(ctx).user.id, id, mailId);
    ctx.status = 202;
    ctx.body = { ok: true };
  });

  router.post('/:id/received-mails/:mailId/allow-and-process', auth, async (ctx) => {
    const { id, mailId } = paramsOr404(() => validate(mailParams, ctx.params));
    const { emails } = await allowAndProcess.execute(principalOf(ctx).user.id, id, mailId);
    ctx.status = 202;
    ctx.body = { emails } satisfies AllowAndProcessResponse;
  });

  router.get('/:id/forwarding-confirmation', auth, async (ctx) => {
    const { id } = paramsOr404(() => validate(documentParams, ctx.params));
    const confirmation = await mails.forwardingConfirmation(principalOf(ctx).user.id, id);
    ctx.body = presentForwardingConfirmation(confirmation);
  });

  return router;
}

/** GET /api/received-mails: one search across the signed-in user's live documents. */
export function foundMailsRoutes({ authenticate, mails }: Pick<ReceivedMailsRouteDeps, 'authenticate' | 'mails'>): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/api' });
  router.get('/received-mails', requireAuth(authenticate), async (ctx) => {
    const query = validate(foundMailsQuery, ctx.query);
    const { rows, total } = await mails.search(principalOf(ctx).user.id, { ...query, filter: filterOf(query) });
    ctx.body = { data: rows.map(presentFoundMail), total } satisfies FoundMailsResponse;
  });
  return router;
}

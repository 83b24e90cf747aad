import { Router } from '@koa/router';
import { receivedMailRoutes as routes } from '../../../contract/received-mails.js';
import { contractRouter, OK } from '../../../platform/http/contract-route.js';
import { documentNotFound } from '../../documents/index.js';
import { principalOf, requireAuth, type Authenticate, type AuthState } from '../../identity/index.js';
import type { AllowAndProcess } from '../application/allow-and-process.use-case.js';
import type { ReceivedMails } from '../application/received-mails.use-case.js';
import { filterOf } from './received-mails.filter.js';
import { presentForwardingConfirmation, presentFoundMail, presentReceivedMail, presentReceivedMailDetail } from './received-mails.presenter.js';

export interface ReceivedMailsRouteDeps {
  authenticate: Authenticate;
  mails: ReceivedMails;
  allowAndProcess: AllowAndProcess;
}

/** A document's received mail, the actions on a row, and the Gmail forwarding confirmation it got. */
export function receivedMailsRoutes({ authenticate, mails, allowAndProcess }: ReceivedMailsRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>();
  // A malformed id names no document: it answers like a missing one.
  const on = contractRouter(router, { bearer: requireAuth(authenticate), invalidParams: documentNotFound });

  on(routes.receivedMails, async (ctx, { params: { id }, query }) => {
    const { rows, total } = await mails.list(principalOf(ctx).user.id, id, { ...query, filter: filterOf(query) });
    return { data: rows.map(presentReceivedMail), total };
  });

  on(routes.receivedMail, async (ctx, { params: { id, mailId } }) => presentReceivedMailDetail(await mails.detail(principalOf(ctx).user.id, id, mailId)));

  on(routes.retryMail, async (ctx, { params: { id, mailId } }) => {
    await mails.retry(principalOf(ctx).user.id, id, mailId);
    return OK;
  });

  on(routes.allowAndProcess, async (ctx, { params: { id, mailId } }) => {
    const { emails } = await allowAndProcess.execute(principalOf(ctx).user.id, id, mailId);
    return { emails };
  });

  on(routes.forwardingConfirmation, async (ctx, { params: { id } }) => presentForwardingConfirmation(await mails.forwardingConfirmation(principalOf(ctx).user.id, id)));

  return router;
}

/** GET /api/received-mails: one search across the signed-in user's live documents. */
export function foundMailsRoutes({ authenticate, mails }: Pick<ReceivedMailsRouteDeps, 'authenticate' | 'mails'>): Router<AuthState> {
  const router = new Router<AuthState>();
  const on = contractRouter(router, { bearer: requireAuth(authenticate) });
  on(routes.searchMails, async (ctx, { query }) => {
    const { rows, total } = await mails.search(principalOf(ctx).user.id, { ...query, filter: filterOf(query) });
    return { data: rows.map(presentFoundMail), total };
  });
  return router;
}

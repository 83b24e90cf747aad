import { Router } from '@koa/router';
import type { AllowAndProcessResponse, ReceivedMailsResponse } from '../../../contract/received-mails.js';
import { validate } from '../../../platform/http/validate.js';
import { documentNotFound } from '../../documents/index.js';
import { principalOf, requireAuth, type Authenticate, type AuthState } from '../../identity/index.js';
import type { AllowAndProcess } from '../application/allow-and-process.use-case.js';
import type { ReceivedMails } from '../application/received-mails.use-case.js';
import { presentForwardingConfirmation, presentReceivedMail } from './received-mails.presenter.js';
import { documentParams, receivedMailsQuery, mailParams } from './received-mails.schemas.js';

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
    const { rows, total } = await mails.list(principalOf(ctx).user.id, id, query);
    ctx.body = { data: rows.map(presentReceivedMail), total } satisfies ReceivedMailsResponse;
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

import { Router } from '@koa/router';
import type { DependencyContainer } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { validate } from '../../../platform/http/validate.js';
import { Authenticate, principalOf, requireAuth, type AuthState } from '../../identity/index.js';
import { ReceivedMails } from '../application/received-mails.use-case.js';
import type { ReceivedMailRow } from '../application/ports/inbound-message.repository.port.js';
import { documentParams, receivedMailsQuery, retryParams } from './received-mails.schemas.js';

function present(row: ReceivedMailRow) {
  return {
    id: row.id,
    sourceMail: row.sourceMail,
    subject: row.subject,
    usedTokens: row.usedTokens,
    receivedAt: row.receivedAt.toISOString(),
    status: row.status,
    reason: row.reason,
  };
}

/** A malformed id names no document: it answers like a missing one. */
function paramsOr404<T>(parse: () => T): T {
  try {
    return parse();
  } catch {
    throw new AppError('DOCUMENT.NOT_FOUND', 'Document not found.');
  }
}

export function receivedMailsRoutes(c: DependencyContainer): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/api/document' });
  const auth = requireAuth(c.resolve(Authenticate));
  const mails = () => c.resolve(ReceivedMails);

  router.get('/:id/received-mails', auth, async (ctx) => {
    const { id } = paramsOr404(() => validate(documentParams, ctx.params));
    const query = validate(receivedMailsQuery, ctx.query);
    const { rows, total } = await mails().list(principalOf(ctx).user.id, id, query);
    ctx.body = { data: rows.map(present), total };
  });

  router.post('/:id/received-mails/:mailId/retry', auth, async (ctx) => {
    const { id, mailId } = paramsOr404(() => validate(retryParams, ctx.params));
    await mails().retry(principalOf(ctx).user.id, id, mailId);
    ctx.status = 202;
    ctx.body = { ok: true };
  });

  router.get('/:id/forwarding-confirmation', auth, async (ctx) => {
    const { id } = paramsOr404(() => validate(documentParams, ctx.params));
    const confirmation = await mails().forwardingConfirmation(principalOf(ctx).user.id, id);
    ctx.body = {
      forwardingConfirmation: confirmation && {
        code: confirmation.code,
        link: confirmation.link,
        requester: confirmation.requester,
        receivedAt: confirmation.receivedAt.toISOString(),
      },
    };
  });

  return router;
}

import { Router } from '@koa/router';
import { z } from 'zod';
import { validate } from '../../../platform/http/validate.js';
import { AppError, GenericErrors } from '../../../shared/app-error.js';
import type { DevIdentityProvider } from '../infra/dev.identity-provider.js';
import { renderDevSignInPage } from './dev-sign-in.page.js';

const authorizeQuery = z.object({
  state: z.string().min(1).max(512),
  code_challenge: z.string().min(1).max(256),
  redirect_uri: z.string().min(1).max(2048),
});

const consentForm = authorizeQuery.extend({
  email: z.string().trim().max(254).default(''),
  name: z.string().trim().max(200).default(''),
  grant_docs: z.literal('on').optional(),
  decision: z.enum(['allow', 'deny']),
});

const emailSchema = z.email();

/** The embedded identity provider's consent page; only mounted when AUTH_PROVIDER=dev. */
export function devSignInRoutes(provider: DevIdentityProvider, callbackUrl: string): Router {
  const router = new Router({ prefix: '/oauth/dev' });

  // Only our own callback may receive codes: the page must not become an open redirect.
  const checkRedirect = (redirectUri: string) => {
    if (redirectUri !== callbackUrl) throw new AppError(GenericErrors.REQUEST_INVALID, 'redirect_uri must be this app\'s /oauth/callback.');
  };

  router.get('/authorize', (ctx) => {
    const query = validate(authorizeQuery, ctx.query);
    checkRedirect(query.redirect_uri);
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = renderDevSignInPage({
      state: query.state,
      codeChallenge: query.code_challenge,
      redirectUri: query.redirect_uri,
      email: '',
      name: '',
      grantDocs: true,
      error: null,
    });
  });

  router.post('/authorize', (ctx) => {
    const form = validate(consentForm, ctx.request.body);
    checkRedirect(form.redirect_uri);
    const back = new URL(form.redirect_uri);
    back.searchParams.set('state', form.state);
    if (form.decision === 'deny') {
      back.searchParams.set('error', 'access_denied');
      ctx.redirect(back.toString());
      return;
    }
    if (!emailSchema.safeParse(form.email).success) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = renderDevSignInPage({
        state: form.state,
        codeChallenge: form.code_challenge,
        redirectUri: form.redirect_uri,
        email: form.email,
        name: form.name,
        grantDocs: form.grant_docs === 'on',
        error: 'Enter a valid email address.',
      });
      return;
    }
    back.searchParams.set(
      'code',
      provider.issueCode({
        email: form.email,
        name: form.name,
        grantDocs: form.grant_docs === 'on',
        codeChallenge: form.code_challenge,
        redirectUri: form.redirect_uri,
      }),
    );
    ctx.redirect(back.toString());
  });

  return router;
}

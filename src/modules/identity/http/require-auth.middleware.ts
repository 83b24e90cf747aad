import type { Middleware, ParameterizedContext } from 'koa';
import type { Authenticate, Principal } from '../application/authenticate.use-case.js';
import { AppError, GenericErrors } from '../../../shared/app-error.js';

export interface AuthState {
  principal?: Principal;
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Route guard: resolves the principal from the bearer token or answers 401. */
export function requireAuth(authenticate: Authenticate): Middleware<AuthState> {
  return async (ctx, next) => {
    ctx.state.principal = await authenticate.execute(bearerToken(ctx.get('authorization')));
    await next();
  };
}

export function principalOf(ctx: ParameterizedContext<AuthState>): Principal {
  const principal = ctx.state.principal;
  if (!principal) throw new AppError(GenericErrors.UNAUTHENTICATED, 'Sign in to continue.');
  return principal;
}

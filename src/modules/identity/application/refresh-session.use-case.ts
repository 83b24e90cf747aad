import { inject, injectable } from 'tsyringe';
import { AppError, GenericErrors } from '../../../shared/app-error.js';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { ACCESS_TOKENS, type AccessTokens } from './ports/access-token.port.js';
import { SESSION_REPOSITORY, type SessionRepository } from './ports/session.repository.port.js';
import type { Principal } from './authenticate.use-case.js';
import { newSessionFields } from './open-session.js';

/**
 * Rotates the session: a new session id and token, the old one revoked at once. The session's absolute
 * end does not move, so a stolen token cannot be kept alive forever.
 */
@injectable()
export class RefreshSession {
  constructor(
    @inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @inject(ACCESS_TOKENS) private readonly tokens: AccessTokens,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, userAgent: string | null): Promise<{ token: string }> {
    const now = this.clock.now();
    const current = await this.sessions.findById(principal.sessionId);
    if (!current) throw new AppError(GenericErrors.UNAUTHENTICATED, 'Sign in to continue.');
    const next = newSessionFields(principal.user.id, now, userAgent, current.expiresAt);
    const rotated = await this.sessions.rotate(principal.sessionId, next, now);
    if (!rotated) throw new AppError(GenericErrors.UNAUTHENTICATED, 'Sign in to continue.');
    return { token: await this.tokens.issue({ userId: principal.user.id, sessionId: next.id }, now) };
  }
}

import { inject, injectable } from 'tsyringe';
import { AppError, GenericErrors } from '../../../shared/app-error.js';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { isSessionLive } from '../domain/session.js';
import type { User } from '../domain/user.js';
import { ACCESS_TOKENS, type AccessTokens } from './ports/access-token.port.js';
import { SESSION_REPOSITORY, type SessionRepository } from './ports/session.repository.port.js';

export interface Principal {
  user: User;
  sessionId: string;
  tokenExpiresAt: Date;
}

const unauthenticated = () => new AppError(GenericErrors.UNAUTHENTICATED, 'Sign in to continue.');

/**
 * Checks a bearer token on every request: a valid signature is not enough, the session row must still
 * be live, so logout and rotation take effect at once.
 */
@injectable()
export class Authenticate {
  constructor(
    @inject(ACCESS_TOKENS) private readonly tokens: AccessTokens,
    @inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(bearer: string | null): Promise<Principal> {
    if (!bearer) throw unauthenticated();
    const now = this.clock.now();
    const claims = await this.tokens.verify(bearer, now);
    if (!claims) throw unauthenticated();
    // One lookup for both (this runs on every request): a session whose user is gone is refused like a missing one.
    const found = await this.sessions.findWithUser(claims.sessionId);
    if (!found) throw unauthenticated();
    const { session, user } = found;
    if (session.userId !== claims.userId || !isSessionLive(session, now)) throw unauthenticated();
    return { user, sessionId: session.id, tokenExpiresAt: claims.expiresAt };
  }
}

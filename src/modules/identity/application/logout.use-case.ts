import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { SESSION_REPOSITORY, type SessionRepository } from './ports/session.repository.port.js';

@injectable()
export class Logout {
  constructor(
    @inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId, this.clock.now());
  }
}

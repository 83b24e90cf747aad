import { inject, injectable } from 'tsyringe';
import type { Balance } from '../domain/balance.js';
import { HELD_MAIL_COUNT, type HeldMailCount } from './ports/held-mail-count.port.js';
import { TokenReports } from './token-reports.use-case.js';

export type TokenPanelState = Balance & { unlimited: boolean; heldMails: number };

/** What the token panel shows: the balance and how many mails wait for tokens (docs/api.md § Tokens). */
@injectable()
export class TokenPanel {
  constructor(
    @inject(TokenReports) private readonly reports: TokenReports,
    @inject(HELD_MAIL_COUNT) private readonly held: HeldMailCount,
  ) {}

  async state(userId: string): Promise<TokenPanelState> {
    const [balance, heldMails] = await Promise.all([this.reports.state(userId), this.held.heldMailsOf(userId)]);
    return { ...balance, heldMails };
  }
}

import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import {
  balanceMoves,
  continuedDecisions,
  episodeKey,
  failedDecisions,
  heldMove,
  refusedDecisions,
  type MarkMove,
  type MarkName,
  type NotificationDecision,
  LOOKBACK_MS,
} from '../domain/notification-decisions.js';
import { SETTING_OF, type NotificationSettings } from '../domain/notification-kind.js';
import {
  BALANCE_SOURCE,
  CONTINUATION_SOURCE,
  MAIL_SOURCE,
  type BalanceSource,
  type ContinuationSource,
  type MailSource,
} from './ports/notification-sources.port.js';
import { NOTIFICATION_STORE, type NotificationStore } from './ports/notification-store.port.js';

/**
 * Looks at one user's tokens and mail and puts in the outbox what deserves a mail (docs/operations.md,
 * "Notifications"). Safe to run any number of times, in any number of processes at once: each mail has a
 * key the outbox takes once, and an episode mark trips once. A kind switched off decides nothing (its
 * episodes still move, so switching it on later does not mail about the past).
 */
@injectable()
export class DecideNotifications {
  constructor(
    @inject(NOTIFICATION_STORE) private readonly store: NotificationStore,
    @inject(BALANCE_SOURCE) private readonly balances: BalanceSource,
    @inject(MAIL_SOURCE) private readonly mail: MailSource,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(CONTINUATION_SOURCE) private readonly continuations: ContinuationSource,
  ) {}

  /** Answers how many mails it put in the outbox. */
  async forUser(userId: string): Promise<number> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - LOOKBACK_MS);
    const [settings, marks, balance, { waiting, mails }, continued] = await Promise.all([
      this.store.settingsOf(userId),
      this.store.marksOf(userId),
      this.balances.balanceOf(userId),
      this.mail.recentOf(userId, since),
      this.continuations.continuedSince(userId, since),
    ]);
    let decided = 0;
    const on = (decision: NotificationDecision) => settings[SETTING_OF[decision.facts.kind]];

    const moves = balanceMoves(balance, { low: marks['balance-low'], empty: marks['balance-empty'] });
    // None left says more than little left: one mail for a fall straight to zero.
    const lowDecision = moves.empty === 'trip' ? null : (episode: number) => this.gate(settings, { key: episodeKey('balance-low', userId, episode), facts: { kind: 'balance-low', tokensLeft: balance.tokensLeft, allowance: balance.allowance } });
    decided += await this.move(userId, 'balance-empty', moves.empty, (episode) => this.gate(settings, { key: episodeKey('balance-empty', userId, episode), facts: { kind: 'balance-empty' } }), now);
    decided += await this.move(userId, 'balance-low', moves.low, lowDecision ?? (() => null), now);

    decided += await this.move(userId, 'held-mail', heldMove(waiting, marks['held-mail']), (episode) => this.gate(settings, { key: episodeKey('held-mail', userId, episode), facts: { kind: 'held-mail', waiting } }), now);

    const byMail = [...refusedDecisions(mails, new Map(), now), ...failedDecisions(mails, new Map(), now)].filter(on);
    if (byMail.length > 0) {
      const names = await this.mail.documentNames(userId);
      const named = [...refusedDecisions(mails, names, now), ...failedDecisions(mails, names, now)].filter(on);
      for (const decision of named) if (await this.store.decide(userId, decision, now)) decided += 1;
    }
    for (const decision of continuedDecisions(continued, now).filter(on)) if (await this.store.decide(userId, decision, now)) decided += 1;
    return decided;
  }

  private gate(settings: NotificationSettings, decision: NotificationDecision): NotificationDecision | null {
    return settings[SETTING_OF[decision.facts.kind]] ? decision : null;
  }

  private async move(userId: string, mark: MarkName, move: MarkMove, decide: (episode: number) => NotificationDecision | null, now: Date): Promise<number> {
    if (move === 'clear') await this.store.clear(userId, mark);
    if (move !== 'trip') return 0;
    let mailed = false;
    const tripped = await this.store.trip(
      userId,
      mark,
      (episode) => {
        const decision = decide(episode);
        mailed = decision !== null;
        return decision;
      },
      now,
    );
    return tripped && mailed ? 1 : 0;
  }
}

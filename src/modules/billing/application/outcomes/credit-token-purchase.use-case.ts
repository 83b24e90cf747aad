import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../../../../shared/clock.js';
import { GrantTokens } from '../../../token-ledger/index.js';
import { CHECKOUT_SESSION_REPOSITORY, type CheckoutSessionRepository } from '../ports/checkout-session.repository.port.js';

export type CreditResult = { credited: boolean; reason?: 'unknown-session' | 'already-credited' };

/**
 * A token purchase was paid: the tokens the app offered in that checkout are added (they never
 * expire). Keyed by the checkout session id, so a repeated completion adds nothing.
 */
@injectable()
export class CreditTokenPurchase {
  constructor(
    @inject(CHECKOUT_SESSION_REPOSITORY) private readonly checkouts: CheckoutSessionRepository,
    @inject(GrantTokens) private readonly grant: GrantTokens,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(input: { sessionId: string; amountPaidCents?: number | null }): Promise<CreditResult> {
    const session = await this.checkouts.find(input.sessionId);
    // Only checkouts this app opened are credited: the tokens come from our record, not the event.
    if (!session || session.mode !== 'payment' || session.tokens <= 0) return { credited: false, reason: 'unknown-session' };
    const result = await this.grant.execute({
      userId: session.userId,
      sourceKey: session.id,
      tokens: session.tokens,
      kind: 'purchase_grant',
      description: 'Token purchase',
      payedUsdCents: input.amountPaidCents ?? session.totalCents,
    });
    await this.checkouts.close(session.id, 'completed', this.clock.now());
    return result.applied ? { credited: true } : { credited: false, reason: 'already-credited' };
  }
}

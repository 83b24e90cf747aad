import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { TokenReports } from '../../token-ledger/index.js';
import { BillingErrors } from '../billing.errors.js';
import type { CheckoutSession } from '../domain/checkout-session.js';
import { CHECKOUT_SESSION_REPOSITORY, type CheckoutSessionRepository } from './ports/checkout-session.repository.port.js';

export interface CheckoutOutcomeView {
  session: CheckoutSession;
  balance: { subscriptionTokens: number; additionalTokens: number; unlimited: boolean };
}

/**
 * What one of the user's checkouts bought and where it stands, with the user's tokens now: the payment
 * success page names the purchase and the new balance instead of asking the user to wait and see.
 */
@injectable()
export class GetCheckoutOutcome {
  constructor(
    @inject(CHECKOUT_SESSION_REPOSITORY) private readonly checkouts: CheckoutSessionRepository,
    @inject(TokenReports) private readonly tokens: TokenReports,
  ) {}

  async execute(userId: string, sessionId: string): Promise<CheckoutOutcomeView> {
    const session = await this.checkouts.find(sessionId);
    // Another user's checkout is answered like a missing one.
    if (!session || session.userId !== userId) throw new AppError(BillingErrors.CHECKOUT_NOT_FOUND, 'There is no such checkout.');
    const state = await this.tokens.state(userId);
    return { session, balance: { subscriptionTokens: state.subscriptionTokens, additionalTokens: state.additionalTokens, unlimited: state.unlimited } };
  }
}

import { inject, injectable } from 'tsyringe';
import { AppError, GenericErrors } from '../../../shared/app-error.js';
import { CloseBillingAccount } from '../../billing/index.js';
import { OwnerDocuments } from '../../documents/index.js';
import { EraseUser, USER_REPOSITORY, type UserRepository } from '../../identity/index.js';
import { OwnerMail } from '../../mail/index.js';
import { AccountLedgerEntries } from '../../token-ledger/index.js';
import { AccountErrors } from '../account.errors.js';

const normalised = (email: string) => email.trim().toLowerCase();

/**
 * Deletes an account for good. The subscription is cancelled at the payment provider first: if that fails,
 * nothing is deleted. Then one transaction, opened by identity (the user's row decides), erases every
 * document as a document deletion does (its mail, the ledger's words about it, its allow-list, its local
 * document), the rest of the user's mail, the ledger but its purchases and paid periods, the subscription,
 * the unpaid checkouts, the billing email and card, the sessions and the user. What stays is
 * ACCOUNT_DELETION_KEPT (shared/retention-policy.ts).
 */
@injectable()
export class DeleteAccount {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(EraseUser) private readonly eraseUser: EraseUser,
    @inject(OwnerDocuments) private readonly documents: OwnerDocuments,
    @inject(OwnerMail) private readonly mail: OwnerMail,
    @inject(AccountLedgerEntries) private readonly ledger: AccountLedgerEntries,
    @inject(CloseBillingAccount) private readonly billing: CloseBillingAccount,
  ) {}

  /** `confirmEmail`: the account's email, typed again by its owner. */
  async execute(userId: string, confirmEmail: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(GenericErrors.UNAUTHENTICATED, 'This account no longer exists.');
    if (normalised(confirmEmail) !== normalised(user.email)) {
      throw new AppError(AccountErrors.EMAIL_MISMATCH, 'The email does not match this account\'s email. Type the email you sign in with to confirm the deletion.');
    }
    await this.billing.cancelAtProvider(userId);
    let documentIds: string[] = [];
    await this.eraseUser.execute(userId, async (tx) => {
      documentIds = await this.documents.eraseIn(tx, userId);
      await this.mail.eraseIn(tx, userId);
      await this.ledger.eraseIn(tx, userId);
      await this.billing.eraseIn(tx, userId);
    });
    await this.documents.afterErasure(userId, documentIds);
  }
}

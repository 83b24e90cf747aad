import { inject, injectable } from 'tsyringe';
import { AppError, GenericErrors } from '../../../shared/app-error.js';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { CloseBillingAccount, type SubscriptionStatusView } from '../../billing/index.js';
import { OwnerDocuments, type Document, type DocumentPart } from '../../documents/index.js';
import { USER_REPOSITORY, type User, type UserRepository } from '../../identity/index.js';
import { OwnerMail, type MailRecordExport } from '../../mail/index.js';
import { OwnerNotifications, type NotificationSettings, type OutboxEntry } from '../../notifications/index.js';
import { AccountLedgerEntries, type LedgerEntryExport } from '../../token-ledger/index.js';

/** Everything the account export holds, as the modules answer it; the presenter picks the fields shown. */
export interface AccountData {
  exportedAt: Date;
  user: User;
  documents: Document[];
  /** By document id: the linked documents of a document that continued (docs/operations.md). */
  documentParts: ReadonlyMap<string, DocumentPart[]>;
  mailRecords: MailRecordExport[];
  ledgerEntries: LedgerEntryExport[];
  subscription: SubscriptionStatusView;
  notifications: { settings: NotificationSettings; mails: OutboxEntry[] };
}

/** The account's data, gathered through each module's surface (the user's own copy, GDPR art. 15 and 20). */
@injectable()
export class ExportAccount {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(OwnerDocuments) private readonly documents: OwnerDocuments,
    @inject(OwnerMail) private readonly mail: OwnerMail,
    @inject(AccountLedgerEntries) private readonly ledger: AccountLedgerEntries,
    @inject(CloseBillingAccount) private readonly billing: CloseBillingAccount,
    @inject(OwnerNotifications) private readonly notifications: OwnerNotifications,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(userId: string): Promise<AccountData> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(GenericErrors.UNAUTHENTICATED, 'This account no longer exists.');
    const [documents, mailRecords, ledgerEntries, subscription, notifications] = await Promise.all([
      this.documents.list(userId),
      this.mail.list(userId),
      this.ledger.list(userId),
      this.billing.state(userId),
      this.notifications.list(userId),
    ]);
    const documentParts = await this.documents.partsOf(userId, documents.map((document) => document.id));
    return { exportedAt: this.clock.now(), user, documents, documentParts, mailRecords, ledgerEntries, subscription, notifications };
  }
}

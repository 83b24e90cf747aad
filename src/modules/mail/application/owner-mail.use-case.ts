import { inject, injectable } from 'tsyringe';
import type { Transaction } from '../../../shared/transaction.js';
import { MAIL_RECORDS, type MailRecordExport, type MailRecords, type RecentOwnerMail } from './ports/mail-records.port.js';

/** An account's mail: its records for the export, and what is left of it once its documents are erased. */
@injectable()
export class OwnerMail {
  constructor(@inject(MAIL_RECORDS) private readonly records: MailRecords) {}

  list(ownerId: string): Promise<MailRecordExport[]> {
    return this.records.ownerRecords(ownerId);
  }

  /** How many of the owner's mails wait for tokens, and those that ended ignored or failed since `since`. */
  recent(ownerId: string, since: Date): Promise<RecentOwnerMail> {
    return this.records.recentOutcomes(ownerId, since);
  }

  eraseIn(tx: Transaction, ownerId: string): Promise<void> {
    return this.records.eraseOwnerMail(tx, ownerId);
  }
}

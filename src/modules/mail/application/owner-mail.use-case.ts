import { inject, injectable } from 'tsyringe';
import type { Transaction } from '../../../shared/transaction.js';
import { MAIL_RECORDS, type MailRecordExport, type MailRecords } from './ports/mail-records.port.js';

/** An account's mail: its records for the export, and what is left of it once its documents are erased. */
@injectable()
export class OwnerMail {
  constructor(@inject(MAIL_RECORDS) private readonly records: MailRecords) {}

  list(ownerId: string): Promise<MailRecordExport[]> {
    return this.records.ownerRecords(ownerId);
  }

  eraseIn(tx: Transaction, ownerId: string): Promise<void> {
    return this.records.eraseOwnerMail(tx, ownerId);
  }
}

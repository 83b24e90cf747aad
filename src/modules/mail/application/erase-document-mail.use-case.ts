import { inject, injectable } from 'tsyringe';
import type { Transaction } from '../../../shared/transaction.js';
import type { DeletedDocument, DocumentDataEraser } from '../../documents/index.js';
import { ForgetChargeDescriptions } from '../../token-ledger/index.js';
import { forgottenCharges } from '../domain/forgotten-charges.js';
import { reservationIdsOf } from '../domain/inbound-message.js';
import { MAIL_RECORDS, type MailRecords } from './ports/mail-records.port.js';

/**
 * A deleted document's mail, in the deletion's transaction: the ledger forgets what its charges were
 * about (subjects, the document's name), then its rows go with whatever content they still hold, its
 * kept count and its Gmail forwarding confirmation.
 */
@injectable()
export class EraseDocumentMail implements DocumentDataEraser {
  constructor(
    @inject(MAIL_RECORDS) private readonly records: MailRecords,
    @inject(ForgetChargeDescriptions) private readonly charges: ForgetChargeDescriptions,
  ) {}

  async erase(tx: Transaction, document: DeletedDocument): Promise<void> {
    const charged = await this.records.chargedMailOf(tx, document.id);
    await this.charges.execute(tx, { userId: document.ownerId, reservationIds: charged.flatMap(reservationIdsOf), neutral: forgottenCharges('deleted document') });
    await this.records.eraseDocumentMail(tx, document.id);
  }
}

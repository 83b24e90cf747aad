import { inject, injectable } from 'tsyringe';
import { ForgetChargeDescriptions } from '../../token-ledger/index.js';
import { forgottenCharges } from '../domain/forgotten-charges.js';
import { reservationIdsOf } from '../domain/inbound-message.js';
import { MAIL_RECORDS, type ChargedMail, type MailRecords } from './ports/mail-records.port.js';

/** What the retention job asks of mail, one bounded batch per call; each answers how many mails it changed. */
@injectable()
export class MailRetention {
  constructor(
    @inject(MAIL_RECORDS) private readonly records: MailRecords,
    @inject(ForgetChargeDescriptions) private readonly charges: ForgetChargeDescriptions,
  ) {}

  /** The content still kept by mail that ended ignored, failed or expired before `before`. */
  dropContent(before: Date, limit: number): Promise<number> {
    return this.records.dropContent(before, limit);
  }

  /** Records of final mail that arrived before `before`; the ledger forgets their subjects in the same commit. */
  deleteRecords(before: Date, limit: number): Promise<number> {
    return this.records.deleteRecords(before, limit, async (tx, charged) => {
      for (const [userId, mails] of byOwner(charged)) {
        await this.charges.execute(tx, { userId, reservationIds: mails.flatMap(reservationIdsOf), neutral: forgottenCharges('record expired') });
      }
    });
  }
}

/** In the owners' order, so two runs that overlap lock the owners' ledger rows in the same order. */
function byOwner(mails: ChargedMail[]): [string, ChargedMail[]][] {
  const owners = new Map<string, ChargedMail[]>();
  for (const mail of mails) owners.set(mail.ownerId, [...(owners.get(mail.ownerId) ?? []), mail]);
  return [...owners].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

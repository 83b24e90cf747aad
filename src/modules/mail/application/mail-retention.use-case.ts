import { inject, injectable } from 'tsyringe';
import { ForgetChargeDescriptions, RefundTokens } from '../../token-ledger/index.js';
import { forgottenCharges } from '../domain/forgotten-charges.js';
import { reservationIdOf, reservationIdsOf } from '../domain/inbound-message.js';
import { MAIL_RECORDS, type ChargedMail, type MailRecords } from './ports/mail-records.port.js';

/** What the retention job asks of mail, one bounded batch per call; each answers how many mails it changed. */
@injectable()
export class MailRetention {
  constructor(
    @inject(MAIL_RECORDS) private readonly records: MailRecords,
    @inject(ForgetChargeDescriptions) private readonly charges: ForgetChargeDescriptions,
    @inject(RefundTokens) private readonly refund: RefundTokens,
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

  /**
   * Mail erased with its document while a run held it: whatever that run reserved or settled after the
   * erase forgets what it named, and a reservation it left open is given back (the mail will never be
   * written). Idempotent, so each is looked at on every run until it is forgotten, `erasedRunMinutes`
   * after the erase, long after any lease ended; answers how many were forgotten.
   */
  async settleErasedRuns(expiredBefore: Date, limit: number): Promise<number> {
    const neutral = forgottenCharges('deleted document');
    const runs = await this.records.erasedRuns(limit);
    if (runs.length === 0) return 0;
    // Each refund takes the owner's balance lock in a transaction of its own, before the rewrite's.
    for (const run of runs) await this.refund.execute({ userId: run.ownerId, reservationId: reservationIdOf(run), reason: neutral.refund });
    return this.records.forgetErasedRuns(runs, expiredBefore, async (tx) => {
      for (const [userId, mails] of byOwner(runs)) {
        await this.charges.execute(tx, { userId, reservationIds: mails.flatMap(reservationIdsOf), neutral });
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

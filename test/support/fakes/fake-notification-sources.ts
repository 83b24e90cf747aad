import type { BalanceSource, MailSource, Recipients } from '../../../src/modules/notifications/application/ports/notification-sources.port.js';
import { recentMailOf, type BalanceFacts, type MailFact, type RecentMail } from '../../../src/modules/notifications/domain/notification-decisions.js';

/** The facts the notifications read, set by each test. */
export class FakeNotificationSources implements BalanceSource, MailSource, Recipients {
  balance: BalanceFacts = { tokensLeft: 500, allowance: 500, unlimited: false };
  mails: MailFact[] = [];
  emails = new Map<string, string>();

  balanceOf(): Promise<BalanceFacts> {
    return Promise.resolve({ ...this.balance });
  }
  recentOf(_userId: string, since: Date): Promise<RecentMail> {
    return Promise.resolve(recentMailOf(this.mails, since));
  }
  documentNames(): Promise<Map<string, string>> {
    return Promise.resolve(new Map([['doc-1', 'Receipts'], ['doc-2', 'Invoices']]));
  }
  emailOf(userId: string): Promise<string | null> {
    return Promise.resolve(this.emails.get(userId) ?? null);
  }
}

import type { OwnerDocuments, RecentContinuations } from '../../documents/index.js';
import type { UserRepository } from '../../identity/index.js';
import type { OwnerMail } from '../../mail/index.js';
import type { TokenReports } from '../../token-ledger/index.js';
import type { BalanceSource, ContinuationSource, MailSource, Recipients } from '../application/ports/notification-sources.port.js';
import type { BalanceFacts, ContinuationFact, RecentMail } from '../domain/notification-decisions.js';

/** The ledger's balance, through its public surface: the ledger never knows notifications exist. */
export class LedgerBalanceSource implements BalanceSource {
  constructor(private readonly reports: TokenReports) {}

  async balanceOf(userId: string): Promise<BalanceFacts> {
    const state = await this.reports.state(userId);
    return { tokensLeft: state.subscriptionTokens + state.additionalTokens, allowance: state.maxSubscriptionTokens, unlimited: state.unlimited };
  }
}

/** The mail records and document names, through the mail and documents modules' surfaces. */
export class ModuleMailSource implements MailSource {
  constructor(
    private readonly mail: OwnerMail,
    private readonly documents: OwnerDocuments,
  ) {}

  /** Bounded by the owner's held mail and the lookback, never the whole mail log: it runs on every notice. */
  async recentOf(userId: string, since: Date): Promise<RecentMail> {
    const { held, mails } = await this.mail.recent(userId, since);
    return { waiting: held, mails: mails.map((mail) => ({ ...mail })) };
  }

  async documentNames(userId: string): Promise<Map<string, string>> {
    return new Map((await this.documents.list(userId)).map((document) => [document.id, document.name]));
  }
}

/** Documents that continued in a new part, through the documents module's surface. */
export class ModuleContinuationSource implements ContinuationSource {
  constructor(private readonly continuations: RecentContinuations) {}

  async continuedSince(userId: string, since: Date): Promise<ContinuationFact[]> {
    return (await this.continuations.since(userId, since)).map((fact) => ({ ...fact }));
  }
}

export class UserRecipients implements Recipients {
  constructor(private readonly users: UserRepository) {}

  async emailOf(userId: string): Promise<string | null> {
    return (await this.users.findById(userId))?.email ?? null;
  }
}

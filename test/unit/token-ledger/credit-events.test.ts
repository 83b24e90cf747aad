import { beforeEach, describe, expect, it } from 'vitest';
import type { BalanceEvents } from '../../../src/modules/token-ledger/application/ports/balance-events.port.js';
import { GrantPlanUpgrade } from '../../../src/modules/token-ledger/application/grant-plan-upgrade.use-case.js';
import { GrantSubscriptionPeriod } from '../../../src/modules/token-ledger/application/grant-subscription-period.use-case.js';
import { GrantTokens } from '../../../src/modules/token-ledger/application/grant-tokens.use-case.js';
import { RefundTokens } from '../../../src/modules/token-ledger/application/refund-tokens.use-case.js';
import { ReserveTokens } from '../../../src/modules/token-ledger/application/reserve-tokens.use-case.js';
import { SettleTokens } from '../../../src/modules/token-ledger/application/settle-tokens.use-case.js';
import { NoticeBalanceEvents } from '../../../src/modules/token-ledger/infra/events/notice.balance-events.js';
import { TOKENS_ADDED_SIGNAL } from '../../../src/modules/token-ledger/index.js';
import type { UserNotice } from '../../../src/platform/events/notification-bus.js';
import { InMemoryLedgerRepository } from '../../support/fakes/in-memory-ledger.js';

const USER = 'user-1';

class RecordingEvents implements BalanceEvents {
  readonly seen: string[] = [];
  balanceChanged(userId: string): Promise<void> {
    this.seen.push(`changed ${userId}`);
    return Promise.resolve();
  }
  tokensAdded(userId: string): Promise<void> {
    this.seen.push(`added ${userId}`);
    return Promise.resolve();
  }
}

describe('what the ledger tells the other processes', () => {
  let ledger: InMemoryLedgerRepository;
  let events: RecordingEvents;
  const policy = { unlimited: false };

  beforeEach(() => {
    ledger = new InMemoryLedgerRepository();
    events = new RecordingEvents();
  });

  const grant = (sourceKey: string, tokens = 5) =>
    new GrantTokens(ledger, events).execute({ userId: USER, sourceKey, tokens, kind: 'purchase_grant', description: 'Tokens', payedUsdCents: 500 });

  it('says tokens were added for a purchase or grant, once per key', async () => {
    await grant('checkout-1');
    await grant('checkout-1');
    expect(events.seen).toEqual([`added ${USER}`]);
  });

  it('says tokens were added for a new period and for a plan upgrade', async () => {
    await new GrantSubscriptionPeriod(ledger, events).execute({ userId: USER, sourceKey: 'in_1', planTokens: 500, periodStart: new Date('2026-11-01T00:00:00Z'), description: 'Basic', payedUsdCents: 900 });
    await new GrantPlanUpgrade(ledger, events).execute({ userId: USER, sourceKey: 'in_2', addedTokens: 1500, planTokens: 2000, periodEnd: new Date('2026-12-01T00:00:00Z'), description: 'Pro', payedUsdCents: 1000 });
    expect(events.seen).toEqual([`added ${USER}`, `added ${USER}`]);
  });

  it('says tokens were added for a refund, and only that the balance changed for a reservation or a settlement', async () => {
    await grant('checkout-1', 10);
    events.seen.length = 0;
    const reserve = new ReserveTokens(ledger, policy, events);
    await reserve.execute({ userId: USER, reservationId: 'r1', tokens: 2, description: 'Mail' });
    await new RefundTokens(ledger, events).execute({ userId: USER, reservationId: 'r1', reason: 'failed' });
    await reserve.execute({ userId: USER, reservationId: 'r2', tokens: 2, description: 'Mail' });
    await new SettleTokens(ledger).execute({ userId: USER, reservationId: 'r2', operation: 'Mail' });
    expect(events.seen).toEqual([`changed ${USER}`, `added ${USER}`, `changed ${USER}`]);
  });
});

describe('the notice adapter', () => {
  function aBus() {
    const published: UserNotice[] = [];
    const signals: [string, string][] = [];
    const bus = {
      publish: (notice: UserNotice) => {
        published.push(notice);
        return Promise.resolve();
      },
      signal: (topic: string, key: string) => {
        signals.push([topic, key]);
        return Promise.resolve();
      },
    };
    return { bus, published, signals };
  }

  it('tells the tabs of a balance change without waking any held mail', async () => {
    const { bus, published, signals } = aBus();
    await new NoticeBalanceEvents(bus).balanceChanged(USER);
    expect(published).toEqual([{ userId: USER, event: 'balance', data: {} }]);
    expect(signals).toEqual([]);
  });

  it('tells the tabs of a credit and signals every process to wake the user’s held mail', async () => {
    const { bus, published, signals } = aBus();
    await new NoticeBalanceEvents(bus).tokensAdded(USER);
    expect(published).toEqual([{ userId: USER, event: 'balance', data: {} }]);
    expect(signals).toEqual([[TOKENS_ADDED_SIGNAL, USER]]);
  });
});

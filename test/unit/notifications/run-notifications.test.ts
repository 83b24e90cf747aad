import { describe, expect, it } from 'vitest';
import { DecideNotifications } from '../../../src/modules/notifications/application/decide-notifications.use-case.js';
import { DeliverNotifications } from '../../../src/modules/notifications/application/deliver-notifications.use-case.js';
import { ManageNotificationSettings } from '../../../src/modules/notifications/application/notification-settings.use-case.js';
import { noContinuations, type BalanceSource, type MailSource, type Recipients } from '../../../src/modules/notifications/application/ports/notification-sources.port.js';
import type { OutboundMail, OutboundMessage } from '../../../src/modules/notifications/application/ports/outbound-mail.port.js';
import { RunNotifications } from '../../../src/modules/notifications/application/run-notifications.use-case.js';
import { Unsubscribe } from '../../../src/modules/notifications/application/unsubscribe.use-case.js';
import { recentMailOf, type BalanceFacts, type MailFact } from '../../../src/modules/notifications/domain/notification-decisions.js';
import { HmacUnsubscribeTokens } from '../../../src/modules/notifications/infra/hmac.unsubscribe-tokens.js';
import { createLogger } from '../../../src/platform/logging/logger.js';
import { fixedClock } from '../../../src/shared/clock.js';
import { InMemoryNotificationStore } from '../../support/fakes/in-memory-notifications.js';
import { testConfig } from '../../support/test-config.js';

const NOW = new Date('2026-12-03T12:00:00Z');
const config = testConfig({ PUBLIC_URL: 'https://app.example.com' });

function setUp() {
  const store = new InMemoryNotificationStore();
  const clock = fixedClock(NOW);
  const facts = { balance: { tokensLeft: 500, allowance: 500, unlimited: false } as BalanceFacts, mails: [] as MailFact[], failReads: 0 };
  const sources: BalanceSource & MailSource & Recipients = {
    balanceOf: () => (facts.failReads-- > 0 ? Promise.reject(new Error('database unavailable')) : Promise.resolve(facts.balance)),
    recentOf: (_userId, since) => Promise.resolve(recentMailOf(facts.mails, since)),
    documentNames: () => Promise.resolve(new Map([['doc-1', 'Receipts']])),
    emailOf: () => Promise.resolve('owner@example.com'),
  };
  const sent: OutboundMessage[] = [];
  const outbound: OutboundMail = { send: (message) => Promise.resolve(void sent.push(message)) };
  const tokens = new HmacUnsubscribeTokens(config.JWT_SECRET);
  const logger = createLogger('silent');
  const decide = new DecideNotifications(store, sources, sources, clock, noContinuations);
  const deliver = new DeliverNotifications(store, outbound, sources, tokens, config, clock, logger);
  const run = new RunNotifications(decide, deliver, store, clock, logger);
  const settings = new ManageNotificationSettings(store, clock);
  return { store, facts, sent, run, settings, tokens, unsubscribe: new Unsubscribe(tokens, settings) };
}

describe('running the notifications', () => {
  it('decides and sends at once when a notice names the user, and forgets the check', async () => {
    const { facts, sent, run, store } = setUp();
    facts.balance = { tokensLeft: 0, allowance: 500, unlimited: false };
    await run.noticed('user-1');
    expect(sent.map((mail) => mail.subject)).toEqual(['You have no Mailscribe tokens left']);
    expect(store.checks.size).toBe(0);
  });

  it('keeps the check when it failed, and the upkeep does it later', async () => {
    const { facts, sent, run, store } = setUp();
    facts.balance = { tokensLeft: 0, allowance: 500, unlimited: false };
    facts.failReads = 1;
    await run.noticed('user-1');
    expect(sent).toEqual([]);
    expect([...store.checks.keys()]).toEqual(['user-1']);
    await run.upkeep();
    expect(sent.map((mail) => mail.subject)).toEqual(['You have no Mailscribe tokens left']);
    expect(store.checks.size).toBe(0);
  });
});

describe('unsubscribing', () => {
  it('switches off the kind its token names, or every kind when asked', async () => {
    const { settings, tokens, unsubscribe } = setUp();
    expect(await unsubscribe.apply(tokens.sign('user-1', 'heldMail'), false)).toEqual({ ok: true, scope: 'heldMail' });
    expect(await settings.get('user-1')).toEqual({ lowBalance: true, heldMail: false, refusedSender: true, failedMail: true, documentContinued: true });
    expect(await unsubscribe.apply(tokens.sign('user-1', 'heldMail'), true)).toEqual({ ok: true, scope: 'all' });
    expect(await settings.get('user-1')).toEqual({ lowBalance: false, heldMail: false, refusedSender: false, failedMail: false, documentContinued: false });
  });

  it('changes nothing for a token signed with another secret, or a confirmation', async () => {
    const { settings, unsubscribe, tokens } = setUp();
    const foreign = new HmacUnsubscribeTokens('another-secret-that-is-long-enough-0123456789');
    expect(await unsubscribe.apply(foreign.sign('user-1', 'all'), true)).toEqual({ ok: false });
    expect(unsubscribe.check(tokens.sign('user-1', 'failedMail'))).toEqual({ ok: true, scope: 'failedMail' });
    expect(await settings.get('user-1')).toEqual({ lowBalance: true, heldMail: true, refusedSender: true, failedMail: true, documentContinued: true });
  });
});

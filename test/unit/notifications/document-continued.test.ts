import { describe, expect, it } from 'vitest';
import { DecideNotifications } from '../../../src/modules/notifications/application/decide-notifications.use-case.js';
import { DeliverNotifications } from '../../../src/modules/notifications/application/deliver-notifications.use-case.js';
import type { BalanceSource, ContinuationSource, MailSource, Recipients } from '../../../src/modules/notifications/application/ports/notification-sources.port.js';
import type { OutboundMail, OutboundMessage } from '../../../src/modules/notifications/application/ports/outbound-mail.port.js';
import type { ContinuationFact } from '../../../src/modules/notifications/domain/notification-decisions.js';
import { ALL_ON } from '../../../src/modules/notifications/domain/notification-kind.js';
import { HmacUnsubscribeTokens } from '../../../src/modules/notifications/infra/hmac.unsubscribe-tokens.js';
import { createLogger } from '../../../src/platform/logging/logger.js';
import { fixedClock } from '../../../src/shared/clock.js';
import { InMemoryNotificationStore } from '../../support/fakes/in-memory-notifications.js';
import { testConfig } from '../../support/test-config.js';

const NOW = new Date('2026-12-04T12:00:00Z');
const config = testConfig({ PUBLIC_URL: 'https://app.example.com' });
const CONTINUED: ContinuationFact = { documentId: 'doc-1', documentName: 'Invoices', part: 2, startedAt: new Date('2026-12-04T11:00:00Z') };

function setUp(continued: ContinuationFact[]) {
  const store = new InMemoryNotificationStore();
  const clock = fixedClock(NOW);
  const sources: BalanceSource & MailSource & Recipients & ContinuationSource = {
    balanceOf: () => Promise.resolve({ tokensLeft: 500, allowance: 500, unlimited: false }),
    recentOf: () => Promise.resolve({ waiting: 0, mails: [] }),
    documentNames: () => Promise.resolve(new Map()),
    emailOf: () => Promise.resolve('owner@example.com'),
    continuedSince: (_userId, since) => Promise.resolve(continued.filter((fact) => fact.startedAt >= since)),
  };
  const sent: OutboundMessage[] = [];
  const outbound: OutboundMail = { send: (message) => Promise.resolve(void sent.push(message)) };
  const decide = new DecideNotifications(store, sources, sources, clock, sources);
  const deliver = new DeliverNotifications(store, outbound, sources, new HmacUnsubscribeTokens(config.JWT_SECRET), config, clock, createLogger('silent'));
  return { store, sent, decide, deliver };
}

describe('the "your document continues in a new Google Doc" notification', () => {
  it('mails once per new part, naming the document and linking its page', async () => {
    const { sent, decide, deliver } = setUp([CONTINUED]);
    expect(await decide.forUser('user-1')).toBe(1);
    expect(await decide.forUser('user-1')).toBe(0);
    await deliver.execute();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Your document "Invoices" continues in a new Google Doc');
    expect(sent[0]?.text).toContain('new summaries now go to part 2');
    expect(sent[0]?.text).toContain('https://app.example.com/dashboard/doc/doc-1');
  });

  it('mails again for the next part', async () => {
    const { store, decide } = setUp([CONTINUED, { ...CONTINUED, part: 3, startedAt: NOW }]);
    expect(await decide.forUser('user-1')).toBe(2);
    expect(store.outbox.map((entry) => entry.key)).toEqual(['document-continued:doc-1:2', 'document-continued:doc-1:3']);
  });

  it('says nothing when the user switched it off', async () => {
    const { store, decide } = setUp([CONTINUED]);
    await store.saveSettings('user-1', { ...ALL_ON, documentContinued: false });
    expect(await decide.forUser('user-1')).toBe(0);
  });
});

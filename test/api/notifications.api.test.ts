import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationSettingsResponse } from '../../src/contract/notifications.js';
import { createDocument } from '../support/documents.js';
import { sendMail } from '../support/mail.js';
import { verdictOf } from '../support/fakes/fixed-sender-authenticator.js';
import { signIn } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/test-database.js';
import { SENDER_AUTHENTICATOR } from '../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { override } from '../../src/platform/wiring/overrides.js';

const ALL_ON = { lowBalance: true, heldMail: true, refusedSender: true, failedMail: true, documentContinued: true };

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

describe.each(databaseKinds())('notifications over HTTP (%s)', (kind) => {
  let database: TestDatabase;
  let app: TestApp;
  let token: string;
  let userId: string;

  const outbox = async () =>
    (await database.db('dev_outbox_mails').where({ user_id: userId }).orderBy('sent_at').select('to', 'subject', 'text', 'headers')) as OutboxMail[];
  const settings = async () => ((await (await app.fetch('/api/notification-settings', { token })).json()) as NotificationSettingsResponse).settings;
  const unsubscribeTokenOf = (mail: OutboxMail | undefined) => new URL(/Unsubscribe: (\S+)/.exec(mail?.text ?? '')?.[1] ?? 'http://x/').searchParams.get('token') ?? '';

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await startTestApp(database, {
      env: { JOB_POLLING_SECONDS: '0.5', INBOUND_DOMAIN: 'in.example.com' },
      roles: ['http', 'smtp', 'worker'],
      overrides: [override(SENDER_AUTHENTICATOR, verdictOf('pass'))],
    });
    token = await signIn(app, { email: 'owner@example.com', name: 'Owner' });
    userId = ((await (await app.fetch('/api/status', { token })).json()) as { user: { id: string } }).user.id;
  });
  afterAll(async () => {
    await app.close();
    await database.release();
  });

  it('mails held mail and a refused sender within seconds, once each, to the development outbox', async () => {
    // No plan on a new account: an allowed sender's mail is held; a stranger's is refused.
    const document = await createDocument(app, token, { docName: 'Receipts', allowedEmails: ['boss@example.com'] });
    await sendMail(app, { from: 'boss@example.com', to: document.forwardEmail, subject: 'Q3 numbers', text: 'Numbers.' });
    await sendMail(app, { from: 'stranger@elsewhere.example', to: document.forwardEmail, subject: 'Hi', text: 'Hello.' });
    await vi.waitFor(async () => expect((await outbox()).map((mail) => mail.subject).sort()).toEqual(['An email to "Receipts" was not processed', 'Forwarded emails are waiting for tokens']), {
      timeout: 20_000,
      interval: 200,
    });
    // More of the same: still one mail each (the hold episode goes on; same sender, same document, same day).
    await sendMail(app, { from: 'boss@example.com', to: document.forwardEmail, subject: 'Q4 numbers', text: 'More numbers.' });
    await sendMail(app, { from: 'stranger@elsewhere.example', to: document.forwardEmail, subject: 'Hi again', text: 'Hello again.' });
    await vi.waitFor(async () => {
      const statuses = (await database.db('inbound_messages').where({ owner_id: userId }).pluck('status')) as string[];
      expect(statuses.filter((status) => status === 'held' || status === 'ignored')).toHaveLength(4);
    }, { timeout: 20_000, interval: 200 });
    await app.container.resolve<{ upkeep(): Promise<void> }>((await import('../../src/modules/notifications/index.js')).NOTIFICATIONS_WORKER).upkeep();
    const mails = await outbox();
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => mail.to === 'owner@example.com')).toBe(true);
    const page = await (await app.fetch('/dev/outbox')).text();
    expect(page).toContain('Forwarded emails are waiting for tokens');
    expect(page).toContain('/unsubscribe?token=');
  });

  it('reads and saves the switches, every one on at first', async () => {
    expect(await (await app.fetch('/api/notification-settings', { token })).json()).toEqual({ settings: ALL_ON, delivering: true });
    const saved = await app.fetch('/api/notification-settings', { method: 'PUT', token, json: { refusedSender: false } });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as NotificationSettingsResponse).settings).toEqual({ ...ALL_ON, refusedSender: false });
    expect(await settings()).toEqual({ ...ALL_ON, refusedSender: false });
    await app.fetch('/api/notification-settings', { method: 'PUT', token, json: ALL_ON });
  });

  it('refuses a body with unknown or non-boolean switches, and a request signed out', async () => {
    expect((await app.fetch('/api/notification-settings', { method: 'PUT', token, json: { lowBalance: 'no' } })).status).toBe(400);
    expect((await app.fetch('/api/notification-settings', { method: 'PUT', token, json: { marketing: true } })).status).toBe(400);
    expect((await app.fetch('/api/notification-settings')).status).toBe(401);
    expect((await app.fetch('/api/notification-settings', { method: 'PUT', json: { lowBalance: false } })).status).toBe(401);
  });

  describe('the unsubscribe link (signed out)', () => {
    it('shows a confirmation that changes nothing, then switches off that one kind', async () => {
      const held = (await outbox()).find((mail) => mail.subject.startsWith('Forwarded'));
      const link = unsubscribeTokenOf(held);
      const confirm = await app.fetch(`/unsubscribe?token=${encodeURIComponent(link)}`);
      expect(confirm.status).toBe(200);
      expect(await confirm.text()).toContain('Stop emails about forwarded emails waiting for tokens?');
      expect(await settings()).toEqual(ALL_ON);

      const done = await app.fetch(`/unsubscribe?token=${encodeURIComponent(link)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'scope=this' });
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('You are unsubscribed');
      expect(await settings()).toEqual({ ...ALL_ON, heldMail: false });
    });

    it('switches off every kind when asked, and answers a mail client\'s one-click POST (RFC 8058)', async () => {
      await app.fetch('/api/notification-settings', { method: 'PUT', token, json: ALL_ON });
      const refused = (await outbox()).find((mail) => mail.subject.startsWith('An email to'));
      const link = unsubscribeTokenOf(refused);
      expect(refused?.headers['List-Unsubscribe']).toBe(`<${app.config.PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(link)}>`);
      const oneClick = await app.fetch(`/unsubscribe?token=${encodeURIComponent(link)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      expect(await settings()).toEqual({ ...ALL_ON, refusedSender: false });

      await app.fetch(`/unsubscribe?token=${encodeURIComponent(link)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'scope=all' });
      expect(await settings()).toEqual({ lowBalance: false, heldMail: false, refusedSender: false, failedMail: false, documentContinued: false });
      await app.fetch('/api/notification-settings', { method: 'PUT', token, json: ALL_ON });
    });

    it('refuses a token whose signature does not match, changing nothing', async () => {
      const link = unsubscribeTokenOf((await outbox())[0]);
      const [payload] = link.split('.');
      const forged = `${Buffer.from(`${userId}:all`).toString('base64url')}.${link.split('.')[1] ?? ''}`;
      for (const bad of [forged, `${payload ?? ''}.AAAA`, 'nonsense']) {
        const response = await app.fetch(`/unsubscribe?token=${encodeURIComponent(bad)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'scope=all' });
        expect(response.status).toBe(400);
        expect(await response.text()).toContain('This unsubscribe link is not valid');
      }
      expect(await settings()).toEqual(ALL_ON);
    });
  });

  it('puts the switches and the mails in the account export', async () => {
    const exported = (await (await app.fetch('/api/account/export', { token })).json()) as { notifications: { settings: unknown; mails: { kind: string; status: string }[] } };
    expect(exported.notifications.settings).toEqual(ALL_ON);
    expect(exported.notifications.mails.map((mail) => `${mail.kind}:${mail.status}`).sort()).toEqual(['held-mail:sent', 'refused-sender:sent']);
  });
});

describe('the development outbox page', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database.release());

  it('is not served when an SMTP server is configured', async () => {
    const app = await startTestApp(database, { env: { NOTIFY_SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const page = await (await app.fetch('/dev/outbox')).text();
      expect(page).not.toContain('Outbox');
      expect(await (await app.fetch('/api/notification-settings')).json()).toMatchObject({ error: { code: 'AUTH.UNAUTHENTICATED' } });
    } finally {
      await app.close();
    }
  });

  it('is not served in production, where no SMTP server means no notifications', async () => {
    const app = await startTestApp(database, {
      env: { NODE_ENV: 'production', AUTH_PROVIDER: 'google', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', BILLING: 'off', PUBLIC_URL: 'https://app.example.com' },
    });
    try {
      expect(await (await app.fetch('/dev/outbox')).text()).not.toContain('Outbox');
    } finally {
      await app.close();
    }
  });
});

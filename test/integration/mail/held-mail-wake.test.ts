import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GrantTokens, ReserveTokens } from '../../../src/modules/token-ledger/index.js';
import type { DocumentListItem } from '../../../src/contract/documents.js';
import type { TokenStateResponse } from '../../../src/contract/usage.js';
import { receivedMails, sendMail, waitForMails } from '../../support/mail.js';
import { TEST_ENCRYPTION_KEY, TEST_JWT_SECRET } from '../../support/test-config.js';
import { databaseKinds } from '../../support/test-database.js';
import { useTestApp } from '../../support/use-test-app.js';
import { aDocumentOwner } from '../../support/document-owner.js';
import { SENDER_AUTHENTICATOR } from '../../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { override } from '../../../src/platform/wiring/overrides.js';
import { builtServerFile } from '../../support/server-build.js';

const FAST_JOBS = { JOB_POLLING_SECONDS: '0.5', JOB_MAINTENANCE_SECONDS: '1', INBOUND_DOMAIN: 'in.example.com' };
/**
 * Well inside the minute between two scheduled sweeps: mail that resumes this soon was woken by the
 * credit (the scheduled sweep may still happen to land in it now and then, never every time).
 */
const WAKE_MS = 8_000;

/** The operator's command in a process of its own, as an operator runs it next to the app. */
async function grantFromAnotherProcess(databaseUrl: string, email: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [builtServerFile('src/cli/tokens.ts'), 'grant', '--email', email, '--tokens', '5', '--reason', 'support'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET, ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, DATABASE_URL: databaseUrl },
  });
  return stdout;
}

describe.each(databaseKinds())('held mail resumes on a credit (%s)', (kind) => {
  const { app, database } = useTestApp(kind, {
    env: FAST_JOBS,
    roles: ['http', 'smtp', 'worker'],
    overrides: [override(SENDER_AUTHENTICATOR, { verify: () => Promise.resolve({ result: 'none', detail: 'test' }) })],
    resetAfterEach: true,
  });
  let token: string;
  let userId: string;
  let doc: DocumentListItem;

  beforeEach(async () => {
    // A plan whose tokens are all spent.
    ({ token, userId, doc } = await aDocumentOwner(app, { docName: 'Invoices', allowedEmails: ['boss@example.com'] }));
    await app.container.resolve(ReserveTokens).execute({ userId, reservationId: 'spent', tokens: 500, description: 'Earlier mail' });
  });

  const tokenState = async () => ((await (await app.fetch('/api/tokens/state', { token })).json()) as TokenStateResponse).tokenState;

  async function holdTwoMails(): Promise<void> {
    await sendMail(app, { from: 'boss@example.com', to: doc.forwardEmail, subject: 'First', text: 'Short mail.' });
    await sendMail(app, { from: 'boss@example.com', to: doc.forwardEmail, subject: 'Second', text: 'Short mail.' });
    const held = await waitForMails(app, token, doc.documentId, 2);
    expect(held.map((mail) => mail.status)).toEqual(['held', 'held']);
  }

  it('counts the held mail in the token state', async () => {
    expect(await tokenState()).toMatchObject({ subscriptionTokens: 0, maxSubscriptionTokens: 500, heldMails: 0 });
    await holdTwoMails();
    expect((await tokenState()).heldMails).toBe(2);
  });

  it('processes held mail within seconds of a purchase, without waiting for the scheduled sweep', async () => {
    await holdTwoMails();
    await app.container.resolve(GrantTokens).execute({ userId, sourceKey: 'checkout-1', tokens: 10, kind: 'purchase_grant', description: 'Tokens', payedUsdCents: 500 });
    const done = await waitForMails(app, token, doc.documentId, 2, ['processed'], WAKE_MS);
    expect(done.map((mail) => mail.status)).toEqual(['processed', 'processed']);
    expect(await tokenState()).toMatchObject({ additionalTokens: 8, heldMails: 0 });
  });

  it('wakes only as much held mail as the credit pays for; the rest stays held and counted', async () => {
    await holdTwoMails();
    await app.container.resolve(GrantTokens).execute({ userId, sourceKey: 'grant-1', tokens: 1, kind: 'admin_grant', description: 'One', payedUsdCents: 0 });
    await vi.waitFor(async () => expect((await receivedMails(app, token, doc.documentId)).map((mail) => mail.status).sort()).toEqual(['held', 'processed']), {
      timeout: WAKE_MS,
      interval: 150,
    });
    // The older one first.
    expect((await receivedMails(app, token, doc.documentId)).find((mail) => mail.status === 'processed')?.subject).toBe('First');
    expect(await tokenState()).toMatchObject({ additionalTokens: 0, heldMails: 1 });
  });

  it.runIf(kind === 'postgres')('processes held mail within seconds of an operator’s grant made in another process', async () => {
    await holdTwoMails();
    expect(await grantFromAnotherProcess(database.url ?? '', 'owner@example.com')).toContain('Granted 5 tokens to owner@example.com.');
    const done = await waitForMails(app, token, doc.documentId, 2, ['processed'], WAKE_MS);
    expect(done.map((mail) => mail.status)).toEqual(['processed', 'processed']);
  });
});

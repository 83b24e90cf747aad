import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentListItem } from '../../src/contract/documents.js';
import { DOC_STORE, type DocStore } from '../../src/modules/documents/index.js';
import { hostileAttachments, invoicePdf } from '../support/attachment-files.js';
import { sendMail, waitForMails } from '../support/mail.js';
import { verdictOf } from '../support/fakes/fixed-sender-authenticator.js';
import { compose } from '../support/mime-samples.js';
import type { TestApp } from '../support/test-app.js';
import { databaseKinds } from '../support/test-database.js';
import { useTestApp } from '../support/use-test-app.js';
import { aDocumentOwner } from '../support/document-owner.js';
import { SENDER_AUTHENTICATOR } from '../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { override } from '../../src/platform/wiring/overrides.js';

/** Keeps asking /healthz until stopped; answers how many came back 200 and the slowest one. */
function pollHealth(app: TestApp): { stop: () => Promise<{ ok: number; failed: number; slowestMs: number }> } {
  let running = true;
  const tally = { ok: 0, failed: 0, slowestMs: 0 };
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await app.fetch('/healthz').catch(() => null);
      tally.slowestMs = Math.max(tally.slowestMs, performance.now() - started);
      if (response?.status === 200) tally.ok += 1;
      else tally.failed += 1;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return tally;
    },
  };
}

describe.each(databaseKinds())('hostile attachments (%s)', (kind) => {
  const { app } = useTestApp(kind, { env: { JOB_POLLING_SECONDS: '0.5', ATTACHMENT_OCR: 'on' }, roles: ['http', 'smtp', 'worker'], overrides: [override(SENDER_AUTHENTICATOR, verdictOf('none'))] });
  let token: string;
  let userId: string;
  let doc: DocumentListItem;

  beforeAll(async () => {
    ({ token, userId, doc } = await aDocumentOwner(app, { docName: 'Supplier', allowedEmails: ['ada@example.com'] }));
  });

  it('processes the mail from what could be read, lists each hostile file as not read with its reason, and keeps answering /healthz', async () => {
    const raw = await compose({
      from: 'Ada <ada@example.com>',
      subject: 'Order 5521 and the files you asked for',
      text: 'Order 5521 ships on 3 March 2027. The invoice is attached.',
      attachments: [{ filename: 'invoice-2291.pdf', content: invoicePdf() }, ...hostileAttachments()],
    });
    const health = pollHealth(app);
    await sendMail(app, { from: 'ada@example.com', to: doc.forwardEmail, subject: '', raw: raw.toString('latin1') });
    const [mail] = await waitForMails(app, token, doc.documentId, 1, undefined, 120_000);
    const tally = await health.stop();

    expect(mail).toMatchObject({ status: 'processed', usedTokens: 1 });
    const text = await app.container.resolve<DocStore>(DOC_STORE).readText({ userId }, doc.googleDocumentId);
    const line = text.split('\n').find((candidate) => candidate.startsWith('Attachments:')) ?? '';
    expect(line).toContain('invoice-2291.pdf (2 pages)');
    expect(line).toMatch(/bomb\.pdf \(not read: (needs more than 512 MB of memory|took longer than 15 s)\)/);
    expect(line).toContain('bomb.docx (not read: expands to more than 50 MB when unpacked');
    expect(line).toContain('huge.pdf (not read: over the 200-page limit (20,000 pages))');
    expect(line).toContain('locked.pdf (not read: password-protected PDF)');
    expect(line).toMatch(/broken\.pdf \(not read: damaged/);
    expect(line).toMatch(/scan\.png \(not read: damaged/);
    // The service answered all along: the files were read in another process.
    console.info(`/healthz during the hostile mail (${kind}): ${tally.ok} answers, slowest ${tally.slowestMs.toFixed(0)} ms`);
    expect(tally.failed).toBe(0);
    expect(tally.ok).toBeGreaterThanOrEqual(5);
  }, 180_000);
});

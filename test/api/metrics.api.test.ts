import { describe, expect, it } from 'vitest';
import { createDocument } from '../support/documents.js';
import { sendMail, waitForMails } from '../support/mail.js';
import { parseSamples, sampleValue } from '../support/metrics.js';
import { signIn } from '../support/sign-in.js';
import { databaseKinds } from '../support/test-database.js';
import { useTestApp, receivingMail } from '../support/use-test-app.js';
import { aDocumentOwner } from '../support/document-owner.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

describe.each(databaseKinds())('GET /metrics (%s)', (kind) => {
  describe('in a process running every role, open without METRICS_TOKEN', () => {
    const { app } = useTestApp(kind, receivingMail());

    const scrape = async () => {
      const response = await app.fetch('/metrics');
      expect(response.status).toBe(200);
      return response.text();
    };

    it('counts a mail received over SMTP, processed by the worker and written, with the model tokens', async () => {
      const { token, doc } = await aDocumentOwner(app, { allowedEmails: ['a@example.com'] });

      await sendMail(app, { from: 'a@example.com', to: doc.forwardEmail, subject: 'Quarterly numbers', text: 'Revenue rose by four percent this quarter. Costs stayed flat.' });
      expect(await waitForMails(app, token, doc.documentId, 1)).toMatchObject([{ status: 'processed' }]);

      const text = await scrape();
      expect(sampleValue(text, 'mailscribe_mails_received_total')).toBe(1);
      expect(sampleValue(text, 'mailscribe_mails_finished_total', { outcome: 'processed' })).toBe(1);
      expect(sampleValue(text, 'mailscribe_mails_finished_total', { outcome: 'failed' })).toBe(0);
      expect(sampleValue(text, 'mailscribe_mail_processing_duration_seconds_count', { outcome: 'processed' })).toBe(1);
      expect(sampleValue(text, 'mailscribe_model_tokens_total', { direction: 'input' })).toBeGreaterThan(0);
      expect(sampleValue(text, 'mailscribe_model_tokens_total', { direction: 'output' })).toBeGreaterThan(0);
      expect(sampleValue(text, 'mailscribe_doc_write_errors_total')).toBe(0);
      // The job was taken, so nothing waits; the depth is read from the database at scrape time.
      expect(sampleValue(text, 'mailscribe_queue_depth', { queue: 'mail-process' })).toBe(0);
    });

    it('answers in the Prometheus text format, uncached, with the process metrics', async () => {
      const response = await app.fetch('/metrics');
      expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const names = new Set(parseSamples(await response.text()).map((sample) => sample.name));
      expect(names).toContain('process_resident_memory_bytes');
      expect(names).toContain('nodejs_eventloop_lag_seconds');
    });

    it('labels HTTP durations with the route pattern, never the raw path', async () => {
      const token = await signIn(app, { email: 'reader@example.com' });
      const doc = await createDocument(app, token, { allowedEmails: ['b@example.com'] });
      expect((await app.fetch(`/api/getDocumentDetails/${doc.documentId}`, { token })).status).toBe(200);
      expect((await app.fetch(`/api/getDocumentDetails/${doc.documentId}`)).status).toBe(401);
      expect((await app.fetch('/api/no-such-endpoint/some-raw-segment')).status).toBe(404);

      const text = await scrape();
      const route = '/api/getDocumentDetails/:id';
      expect(sampleValue(text, 'mailscribe_http_request_duration_seconds_count', { method: 'GET', route, status: '200' })).toBe(1);
      expect(sampleValue(text, 'mailscribe_http_request_duration_seconds_count', { method: 'GET', route, status: '401' })).toBe(1);
      expect(sampleValue(text, 'mailscribe_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
      expect(text).not.toContain(doc.documentId);
      // Not a number: a sample's value (an event-loop lag of 0.012345 s) may hold any digits.
      expect(text).not.toContain('no-such-endpoint');
      expect(text).not.toContain('some-raw-segment');
    });
  });

  describe('with METRICS_TOKEN set', () => {
    const { app } = useTestApp(kind, { env: { METRICS_TOKEN } });

    it.each([
      ['no Authorization header', undefined],
      ['a wrong token', 'Bearer metrics-token-0123456789abcdeX'],
      ['a shorter prefix of the token', `Bearer ${METRICS_TOKEN.slice(0, -1)}`],
      ['the token under another scheme', `Basic ${METRICS_TOKEN}`],
      ['an app session token', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl'],
    ])('refuses %s with 401 in the error shape', async (_case, authorization) => {
      const response = await app.fetch('/metrics', authorization ? { headers: { authorization } } : {});
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await response.json()).toEqual({ error: { code: 'AUTH.UNAUTHENTICATED', message: 'A valid metrics token is required.' } });
    });

    it('answers the metrics to the right bearer token', async () => {
      const response = await app.fetch('/metrics', { token: METRICS_TOKEN });
      expect(response.status).toBe(200);
      expect(sampleValue(await response.text(), 'mailscribe_mails_received_total')).toBe(0);
    });

    it('leaves the other public endpoints open', async () => {
      expect((await app.fetch('/healthz')).status).toBe(200);
    });
  });
});

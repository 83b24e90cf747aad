import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { PrometheusMetrics, type QueueDepthSource } from '../../../src/platform/metrics/prometheus.metrics.js';
import { parseSamples, sampleValue } from '../../support/metrics.js';

/** A logger whose lines the test can read. */
function capturingLogger() {
  const lines: { msg: string; queue?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, stream), lines };
}

const fixedDepth = (depth: number): QueueDepthSource => ({ queue: 'mail-process', depth: () => Promise.resolve(depth) });

describe('the Prometheus metrics adapter', () => {
  it('renders the mail counters, the processing histogram and the model tokens it was given', async () => {
    const metrics = new PrometheusMetrics({ queue: fixedDepth(0), logger: pino({ level: 'silent' }) });
    metrics.mailsReceived(2);
    metrics.mailsReceived(1);
    metrics.mailFinished('processed', 0.3);
    metrics.mailFinished('processed', 7);
    metrics.mailFinished('failed', 0.02);
    metrics.modelTokens(120, 30);
    metrics.modelTokens(5, 1);
    metrics.docWriteFailed();

    const text = await metrics.render();
    expect(sampleValue(text, 'mailscribe_mails_received_total')).toBe(3);
    expect(sampleValue(text, 'mailscribe_mails_finished_total', { outcome: 'processed' })).toBe(2);
    expect(sampleValue(text, 'mailscribe_mails_finished_total', { outcome: 'failed' })).toBe(1);
    expect(sampleValue(text, 'mailscribe_mail_processing_duration_seconds_count', { outcome: 'processed' })).toBe(2);
    expect(sampleValue(text, 'mailscribe_mail_processing_duration_seconds_sum', { outcome: 'processed' })).toBeCloseTo(7.3);
    expect(sampleValue(text, 'mailscribe_mail_processing_duration_seconds_bucket', { outcome: 'processed', le: '0.5' })).toBe(1);
    expect(sampleValue(text, 'mailscribe_mail_processing_duration_seconds_bucket', { outcome: 'processed', le: '10' })).toBe(2);
    expect(sampleValue(text, 'mailscribe_mail_processing_duration_seconds_bucket', { outcome: 'failed', le: '0.05' })).toBe(1);
    expect(sampleValue(text, 'mailscribe_model_tokens_total', { direction: 'input' })).toBe(125);
    expect(sampleValue(text, 'mailscribe_model_tokens_total', { direction: 'output' })).toBe(31);
    expect(sampleValue(text, 'mailscribe_doc_write_errors_total')).toBe(1);
  });

  it('shows every outcome and token direction at zero before anything happened', async () => {
    const text = await new PrometheusMetrics({ queue: fixedDepth(0), logger: pino({ level: 'silent' }) }).render();
    for (const outcome of ['processed', 'ignored', 'held', 'failed']) {
      expect(sampleValue(text, 'mailscribe_mails_finished_total', { outcome })).toBe(0);
      expect(sampleValue(text, 'mailscribe_mail_processing_duration_seconds_count', { outcome })).toBe(0);
    }
    expect(sampleValue(text, 'mailscribe_model_tokens_total', { direction: 'input' })).toBe(0);
    expect(sampleValue(text, 'mailscribe_mails_received_total')).toBe(0);
    expect(sampleValue(text, 'mailscribe_doc_write_errors_total')).toBe(0);
  });

  it('ignores token counts a model did not report sensibly instead of throwing', async () => {
    const metrics = new PrometheusMetrics({ queue: fixedDepth(0), logger: pino({ level: 'silent' }) });
    expect(() => metrics.modelTokens(Number.NaN, -3)).not.toThrow();
    expect(sampleValue(await metrics.render(), 'mailscribe_model_tokens_total', { direction: 'input' })).toBe(0);
  });

  it('renders HTTP durations by method, route and status', async () => {
    const metrics = new PrometheusMetrics({ queue: fixedDepth(0), logger: pino({ level: 'silent' }) });
    metrics.observeHttpRequest({ method: 'GET', route: '/api/getDocumentDetails/:id', status: 200 }, 0.02);
    metrics.observeHttpRequest({ method: 'GET', route: '/api/getDocumentDetails/:id', status: 200 }, 0.2);
    metrics.observeHttpRequest({ method: 'GET', route: 'unmatched', status: 404 }, 0.001);
    const text = await metrics.render();
    const labels = { method: 'GET', route: '/api/getDocumentDetails/:id', status: '200' };
    expect(sampleValue(text, 'mailscribe_http_request_duration_seconds_count', labels)).toBe(2);
    expect(sampleValue(text, 'mailscribe_http_request_duration_seconds_bucket', { ...labels, le: '0.025' })).toBe(1);
    expect(sampleValue(text, 'mailscribe_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(1);
  });

  it('reads the queue depth at every scrape', async () => {
    let depth = 4;
    const metrics = new PrometheusMetrics({ queue: { queue: 'mail-process', depth: () => Promise.resolve(depth) }, logger: pino({ level: 'silent' }) });
    expect(sampleValue(await metrics.render(), 'mailscribe_queue_depth', { queue: 'mail-process' })).toBe(4);
    depth = 9;
    expect(sampleValue(await metrics.render(), 'mailscribe_queue_depth', { queue: 'mail-process' })).toBe(9);
  });

  it('still answers a scrape when the queue depth cannot be read, leaving the depth out and logging why', async () => {
    const { logger, lines } = capturingLogger();
    let fail = false;
    const metrics = new PrometheusMetrics({
      queue: { queue: 'mail-process', depth: () => (fail ? Promise.reject(new Error('connection refused')) : Promise.resolve(3)) },
      logger,
    });
    metrics.mailsReceived(1);
    expect(sampleValue(await metrics.render(), 'mailscribe_queue_depth')).toBe(3);
    fail = true;
    const text = await metrics.render();
    // No stale value from the previous scrape: the sample is simply absent.
    expect(sampleValue(text, 'mailscribe_queue_depth')).toBeUndefined();
    expect(sampleValue(text, 'mailscribe_mails_received_total')).toBe(1);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'queue depth not collected', queue: 'mail-process' }));
  });

  it('does not let a hanging database hold up the scrape', async () => {
    const { logger, lines } = capturingLogger();
    const metrics = new PrometheusMetrics({ queue: { queue: 'mail-process', depth: () => new Promise<number>(() => undefined) }, logger, queueDepthTimeoutMs: 50 });
    const started = performance.now();
    const text = await metrics.render();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(sampleValue(text, 'mailscribe_queue_depth')).toBeUndefined();
    expect(lines).toHaveLength(1);
  });

  it('keeps the numbers of two instances apart and includes the process metrics in each', async () => {
    const first = new PrometheusMetrics({ queue: fixedDepth(0), logger: pino({ level: 'silent' }) });
    const second = new PrometheusMetrics({ queue: fixedDepth(0), logger: pino({ level: 'silent' }) });
    first.mailsReceived(5);
    const text = await second.render();
    expect(sampleValue(text, 'mailscribe_mails_received_total')).toBe(0);
    expect(sampleValue(await first.render(), 'mailscribe_mails_received_total')).toBe(5);
    expect(parseSamples(text).some((sample) => sample.name === 'process_cpu_user_seconds_total')).toBe(true);
    expect(parseSamples(text).some((sample) => sample.name === 'nodejs_heap_size_used_bytes')).toBe(true);
  });

  it('declares the Prometheus text format as its content type', () => {
    const metrics = new PrometheusMetrics({ queue: fixedDepth(0), logger: pino({ level: 'silent' }) });
    expect(metrics.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
  });
});

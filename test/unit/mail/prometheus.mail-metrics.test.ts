import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { PrometheusMailMetrics, type PrometheusMailMetricsOptions, type QueueDepthSource } from '../../../src/modules/mail/infra/metrics/prometheus.mail-metrics.js';
import { PrometheusMetrics } from '../../../src/platform/metrics/prometheus.metrics.js';
import { sampleValue } from '../../support/metrics.js';

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

/** The mail series on a fresh app registry, and that registry's scrape. */
function mailMetrics(options: Partial<PrometheusMailMetricsOptions> = {}) {
  const registry = new PrometheusMetrics();
  const metrics = new PrometheusMailMetrics(registry.registry, { queue: fixedDepth(0), logger: pino({ level: 'silent' }), ...options });
  return Object.assign(metrics, { render: () => registry.render() });
}

describe('the Prometheus mail metrics', () => {
  it('renders the mail counters, the processing histogram and the model tokens it was given', async () => {
    const metrics = mailMetrics();
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
    const text = await mailMetrics().render();
    for (const outcome of ['processed', 'ignored', 'held', 'failed']) {
      expect(sampleValue(text, 'mailscribe_mails_finished_total', { outcome })).toBe(0);
      expect(sampleValue(text, 'mailscribe_mail_processing_duration_seconds_count', { outcome })).toBe(0);
    }
    expect(sampleValue(text, 'mailscribe_model_tokens_total', { direction: 'input' })).toBe(0);
    expect(sampleValue(text, 'mailscribe_mails_received_total')).toBe(0);
    expect(sampleValue(text, 'mailscribe_doc_write_errors_total')).toBe(0);
  });

  it('ignores token counts a model did not report sensibly instead of throwing', async () => {
    const metrics = mailMetrics();
    expect(() => metrics.modelTokens(Number.NaN, -3)).not.toThrow();
    expect(sampleValue(await metrics.render(), 'mailscribe_model_tokens_total', { direction: 'input' })).toBe(0);
  });

  it('reads the queue depth at every scrape', async () => {
    let depth = 4;
    const metrics = mailMetrics({ queue: { queue: 'mail-process', depth: () => Promise.resolve(depth) } });
    expect(sampleValue(await metrics.render(), 'mailscribe_queue_depth', { queue: 'mail-process' })).toBe(4);
    depth = 9;
    expect(sampleValue(await metrics.render(), 'mailscribe_queue_depth', { queue: 'mail-process' })).toBe(9);
  });

  it('still answers a scrape when the queue depth cannot be read, leaving the depth out and logging why', async () => {
    const { logger, lines } = capturingLogger();
    let fail = false;
    const metrics = mailMetrics({
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
    const metrics = mailMetrics({ queue: { queue: 'mail-process', depth: () => new Promise<number>(() => undefined) }, logger, queueDepthTimeoutMs: 50 });
    // Waiting for the depth would never resolve: the scrape answering at all is the proof.
    const text = await metrics.render();
    expect(sampleValue(text, 'mailscribe_queue_depth')).toBeUndefined();
    expect(lines).toHaveLength(1);
  });

  it('keeps the numbers of two app registries apart', async () => {
    const first = mailMetrics();
    const second = mailMetrics();
    first.mailsReceived(5);
    expect(sampleValue(await second.render(), 'mailscribe_mails_received_total')).toBe(0);
    expect(sampleValue(await first.render(), 'mailscribe_mails_received_total')).toBe(5);
  });
});

import { describe, expect, it } from 'vitest';
import { PrometheusMetrics } from '../../../src/platform/metrics/prometheus.metrics.js';
import { parseSamples, sampleValue } from '../../support/metrics.js';

describe('the platform metrics registry', () => {
  it('renders HTTP durations by method, route and status', async () => {
    const metrics = new PrometheusMetrics();
    metrics.observeHttpRequest({ method: 'GET', route: '/api/getDocumentDetails/:id', status: 200 }, 0.02);
    metrics.observeHttpRequest({ method: 'GET', route: '/api/getDocumentDetails/:id', status: 200 }, 0.2);
    metrics.observeHttpRequest({ method: 'GET', route: 'unmatched', status: 404 }, 0.001);
    const text = await metrics.render();
    const labels = { method: 'GET', route: '/api/getDocumentDetails/:id', status: '200' };
    expect(sampleValue(text, 'mailscribe_http_request_duration_seconds_count', labels)).toBe(2);
    expect(sampleValue(text, 'mailscribe_http_request_duration_seconds_bucket', { ...labels, le: '0.025' })).toBe(1);
    expect(sampleValue(text, 'mailscribe_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(1);
  });

  it('keeps the numbers of two instances apart and includes the process metrics in each', async () => {
    const first = new PrometheusMetrics();
    const second = new PrometheusMetrics();
    first.observeHttpRequest({ method: 'GET', route: '/healthz', status: 200 }, 0.01);
    const text = await second.render();
    expect(sampleValue(text, 'mailscribe_http_request_duration_seconds_count', { route: '/healthz' })).toBeUndefined();
    expect(sampleValue(await first.render(), 'mailscribe_http_request_duration_seconds_count', { route: '/healthz' })).toBe(1);
    expect(parseSamples(text).some((sample) => sample.name === 'process_cpu_user_seconds_total')).toBe(true);
    expect(parseSamples(text).some((sample) => sample.name === 'nodejs_heap_size_used_bytes')).toBe(true);
  });

  it('declares the Prometheus text format as its content type', () => {
    const metrics = new PrometheusMetrics();
    expect(metrics.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
  });
});

import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/platform/config/config.js';
import { loadConfig } from '../../../src/platform/config/load-config.js';
import { errorMiddleware } from '../../../src/platform/http/error-middleware.js';
import { metricsRoutes } from '../../../src/platform/metrics/metrics.routes.js';
import { PrometheusMetrics } from '../../../src/platform/metrics/prometheus.metrics.js';
import { testConfig, TEST_ENCRYPTION_KEY, TEST_JWT_SECRET } from '../../support/test-config.js';
import { fileTempDir } from '../../support/temp-dirs.js';

/** A production configuration the loader accepts, with `env` over it; what it reported as generated. */
function productionConfig(env: Record<string, string> = {}) {
  const generated: [string, string][] = [];
  const config = loadConfig({
    env: {
      NODE_ENV: 'production',
      DATA_DIR: fileTempDir('mailscribe-data-'),
      AUTH_PROVIDER: 'google',
      GOOGLE_CLIENT_ID: 'client-id',
      GOOGLE_CLIENT_SECRET: 'client-secret',
      BILLING: 'off',
      JWT_SECRET: TEST_JWT_SECRET,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      ...env,
    },
    onGenerated: (variable, value) => generated.push([variable, value]),
  });
  return { config, generated };
}

describe('METRICS_TOKEN', () => {
  it('is unset by default outside production, which leaves /metrics open', () => {
    expect(testConfig().METRICS_TOKEN).toBeUndefined();
    expect(testConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });

  it('accepts a long token without spaces', () => {
    expect(testConfig({ METRICS_TOKEN: 'a1b2c3d4e5f6a7b8c9d0' }).METRICS_TOKEN).toBe('a1b2c3d4e5f6a7b8c9d0');
  });

  it.each(['short', 'has a space in the middle', 'tøken-with-non-ascii-chars'])('refuses %j, naming the variable', (value) => {
    expect(() => testConfig({ METRICS_TOKEN: value })).toThrow(ConfigError);
    expect(() => testConfig({ METRICS_TOKEN: value })).toThrow(/METRICS_TOKEN: must be at least 16 printable ASCII characters/);
  });

  it('is generated in production when unset (32 random bytes, hex), reported once to the caller', () => {
    const first = productionConfig();
    expect(first.config.METRICS_TOKEN).toMatch(/^[0-9a-f]{64}$/);
    expect(first.generated).toEqual([['METRICS_TOKEN', first.config.METRICS_TOKEN]]);
    // A new one at every start.
    expect(productionConfig({ METRICS_TOKEN: '' }).config.METRICS_TOKEN).not.toBe(first.config.METRICS_TOKEN);
  });

  it('keeps the operator\'s token in production, generating nothing', () => {
    const { config, generated } = productionConfig({ METRICS_TOKEN: 'a1b2c3d4e5f6a7b8c9d0' });
    expect(config.METRICS_TOKEN).toBe('a1b2c3d4e5f6a7b8c9d0');
    expect(generated).toEqual([]);
  });

  it('makes /metrics require the generated token in production', async () => {
    const { config } = productionConfig();
    const app = new Koa();
    app.silent = true;
    app.use(errorMiddleware(pino({ level: 'silent' })));
    app.use(metricsRoutes(new PrometheusMetrics(), config.METRICS_TOKEN).routes());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: 'Bearer not-the-generated-token' } })).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: `Bearer ${config.METRICS_TOKEN ?? ''}` } })).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

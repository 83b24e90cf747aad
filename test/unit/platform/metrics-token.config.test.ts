import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/platform/config/config.js';
import { testConfig } from '../../support/test-config.js';

describe('METRICS_TOKEN', () => {
  it('is unset by default, which leaves /metrics open', () => {
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
});

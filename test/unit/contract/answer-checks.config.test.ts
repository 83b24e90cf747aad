import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/platform/config/config.js';
import { loadConfig } from '../../../src/platform/config/load-config.js';
import { TEST_ENCRYPTION_KEY, TEST_JWT_SECRET } from '../../support/test-config.js';
import { fileTempDir } from '../../support/temp-dirs.js';

/** A configuration the loader accepts in `nodeEnv`, with `env` over it. */
function configIn(nodeEnv: 'development' | 'production' | 'test', env: Record<string, string> = {}) {
  return loadConfig({
    env: {
      NODE_ENV: nodeEnv,
      DATA_DIR: fileTempDir('mailscribe-data-'),
      BILLING: 'off',
      ...(nodeEnv === 'production' ? { AUTH_PROVIDER: 'google', GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' } : {}),
      JWT_SECRET: TEST_JWT_SECRET,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      ...env,
    },
  });
}

describe('API_ANSWER_CHECKS', () => {
  it('checks the answers against the contract outside production, and not in production, when unset', () => {
    expect(configIn('development').API_ANSWER_CHECKS).toBe(true);
    expect(configIn('test').API_ANSWER_CHECKS).toBe(true);
    expect(configIn('production').API_ANSWER_CHECKS).toBe(false);
  });

  it('follows the operator when set, in production too', () => {
    expect(configIn('production', { API_ANSWER_CHECKS: 'true' }).API_ANSWER_CHECKS).toBe(true);
    expect(configIn('development', { API_ANSWER_CHECKS: 'false' }).API_ANSWER_CHECKS).toBe(false);
    expect(configIn('development', { API_ANSWER_CHECKS: '' }).API_ANSWER_CHECKS).toBe(true);
  });

  it('refuses a value that is not a yes or a no', () => {
    expect(() => configIn('development', { API_ANSWER_CHECKS: 'sometimes' })).toThrow(ConfigError);
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../../src/platform/config/config.js';
import { loadConfig } from '../../src/platform/config/load-config.js';
import { fileTempDir } from './temp-dirs.js';

export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';
export const TEST_ENCRYPTION_KEY = 'a'.repeat(64);

/** A config as an operator would write it, parsed by the real loader; a stub web build included. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  const dataDir = fileTempDir('mailscribe-data-');
  const webDir = join(dataDir, 'web');
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Mailscribe</title><div id="root"></div>');
  writeFileSync(join(webDir, 'assets', 'app-1234.js'), 'console.log("app")');
  return loadConfig({
    env: {
      NODE_ENV: 'test',
      PORT: '0',
      PUBLIC_URL: 'http://127.0.0.1:3999',
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: TEST_JWT_SECRET,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      // Every API test checks the shapes it is answered against src/contract (even with NODE_ENV=production).
      API_ANSWER_CHECKS: 'true',
      ...env,
    },
  });
}

import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/platform/config/config.js';
import { loadConfig } from '../../../src/platform/config/load-config.js';
import { fileTempDir } from '../../support/temp-dirs.js';

const tmp = () => fileTempDir('mailscribe-config-');
const SECRETS = { JWT_SECRET: 'j'.repeat(40), ENCRYPTION_KEY: 'ab'.repeat(32) };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loading the configuration', () => {
  it('runs on embedded defaults with nothing set, generating secrets into DATA_DIR once', () => {
    const dataDir = tmp();
    const config = loadConfig({ env: { DATA_DIR: dataDir } });
    expect(config).toMatchObject({
      PORT: 3000,
      PUBLIC_URL: 'http://localhost:3000',
      SMTP_PORT: 2525,
      SMTP_HOST: '0.0.0.0',
      INBOUND_DOMAIN: 'localhost',
      ROLES: ['http', 'smtp', 'worker'],
      AUTH_PROVIDER: 'dev',
      DOC_STORE: 'local',
      LLM_PROVIDER: 'offline',
      BILLING: 'local',
      SENDER_AUTH: 'report',
      CHARS_PER_TOKEN: 2000,
      MAX_INPUT_CHARS: 100_000,
      HOLD_DAYS: 30,
      MAIL_LOG_DAYS: 365,
      ATTACHMENTS: 'on',
      ATTACHMENT_OCR: 'off',
      ATTACHMENT_MAX_MB: 20,
      ATTACHMENT_MAX_PAGES: 200,
      ATTACHMENT_TIMEOUT_MS: 15_000,
      ATTACHMENT_MEMORY_MB: 512,
      ATTACHMENTS_PER_MAIL: 20,
      MAX_MESSAGE_BYTES: 10_485_760,
      SUPPORT_EMAIL: 'support@localhost',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    const file = join(dataDir, 'secrets.json');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(config.ENCRYPTION_KEY).toMatch(/^[0-9a-f]{64}$/);
    const again = loadConfig({ env: { DATA_DIR: dataDir } });
    expect(again.JWT_SECRET).toBe(config.JWT_SECRET);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ JWT_SECRET: config.JWT_SECRET, ENCRYPTION_KEY: config.ENCRYPTION_KEY });
  });

  it('keeps a mail record at least as long as its content and the redelivery check need it', () => {
    expect(problemsOf({ ...SECRETS, MAIL_LOG_DAYS: '20' })).toEqual(['MAIL_LOG_DAYS: at least HOLD_DAYS and DEDUP_DAYS (30)']);
    expect(problemsOf({ ...SECRETS, HOLD_DAYS: '3', DEDUP_DAYS: '10', MAIL_LOG_DAYS: '9' })).toEqual(['MAIL_LOG_DAYS: at least HOLD_DAYS and DEDUP_DAYS (10)']);
    expect(problemsOf({ ...SECRETS, HOLD_DAYS: '14', MAIL_LOG_DAYS: '14' })).toEqual([]);
  });

  it('reports every invalid variable at once, by name', () => {
    const problems = problemsOf({ DATA_DIR: tmp(), PORT: 'eighty', ROLES: 'http,mail', BILLING: 'paypal', DATABASE_URL: 'mysql://x', SUPPORT_EMAIL: 'nobody' });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(expect.arrayContaining(['PORT', 'ROLES', 'BILLING', 'DATABASE_URL', 'SUPPORT_EMAIL']));
    expect(problems).toHaveLength(5);
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash from an explicit one', () => {
    expect(loadConfig({ env: { DATA_DIR: tmp(), PORT: '8080' } }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ env: { DATA_DIR: tmp(), PUBLIC_URL: 'https://app.example.com/' } }).PUBLIC_URL).toBe('https://app.example.com');
  });

  it('accepts the embedded support address when it is set explicitly', () => {
    expect(loadConfig({ env: { DATA_DIR: tmp(), SUPPORT_EMAIL: 'support@localhost' } }).SUPPORT_EMAIL).toBe('support@localhost');
  });

  it('accepts a subset of roles and treats an empty DATABASE_URL as unset', () => {
    const config = loadConfig({ env: { DATA_DIR: tmp(), ROLES: ' worker , smtp ', DATABASE_URL: '' } });
    expect(config.ROLES).toEqual(['worker', 'smtp']);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('in production refuses the dev sign-in, the local checkout and missing secrets, naming each variable', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DATA_DIR: tmp() });
    expect(problems).toHaveLength(4);
    expect(problems.find((p) => p.startsWith('AUTH_PROVIDER:'))).toContain('refused in production');
    expect(problems.find((p) => p.startsWith('BILLING:'))).toContain('refused in production');
    expect(problems.find((p) => p.startsWith('JWT_SECRET:'))).toContain('required in production');
    expect(problems.find((p) => p.startsWith('ENCRYPTION_KEY:'))).toContain('required in production');
    for (const problem of problems) expect(problem).not.toContain('\n');
  });

  it('starts in production with Google sign-in, billing off and explicit secrets, writing no secrets file', () => {
    const dataDir = tmp();
    const config = loadConfig({
      env: { NODE_ENV: 'production', DATA_DIR: dataDir, AUTH_PROVIDER: 'google', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', BILLING: 'off', ...SECRETS },
    });
    expect(config.JWT_SECRET).toBe(SECRETS.JWT_SECRET);
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('requires the credentials of each production adapter it is switched to', () => {
    const problems = problemsOf({ DATA_DIR: tmp(), AUTH_PROVIDER: 'google', BILLING: 'stripe', LLM_PROVIDER: 'openai' });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual(
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'OPENAI_MODEL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'].sort(),
    );
  });

  it('rejects a weak JWT secret and a malformed encryption key', () => {
    const problems = problemsOf({ DATA_DIR: tmp(), JWT_SECRET: 'short', ENCRYPTION_KEY: 'not-hex' });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual(['ENCRYPTION_KEY', 'JWT_SECRET']);
  });

  it('reads .env and lets the environment win over it', () => {
    const dir = tmp();
    const envFile = join(dir, '.env');
    writeFileSync(envFile, `PORT=4000\nINBOUND_DOMAIN=in.example.com\nDATA_DIR=${dir}\n`);
    const before = process.env.INBOUND_DOMAIN;
    process.env.INBOUND_DOMAIN = 'env.example.com';
    try {
      const config = loadConfig({ envFile });
      expect(config.PORT).toBe(4000);
      expect(config.INBOUND_DOMAIN).toBe('env.example.com');
    } finally {
      if (before === undefined) delete process.env.INBOUND_DOMAIN;
      else process.env.INBOUND_DOMAIN = before;
    }
  });
});

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inject, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/platform/db/database.js';
import { KnexLedgerRepository } from '../../../src/modules/token-ledger/infra/knex.ledger.repository.js';
import { migratedDataDir } from '../../support/migrated-data-dir.js';
import { TEST_ENCRYPTION_KEY, TEST_JWT_SECRET } from '../../support/test-config.js';
import { builtServerFile } from '../../support/server-build.js';
import { aUser } from '../../support/users.js';
import { clonePostgres } from '../../support/test-database.js';

const run = promisify(execFile);

async function tokensCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [builtServerFile('src/cli/tokens.ts'), ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET, ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run tokens -- grant', () => {
  it('grants tokens on the embedded database when the app is stopped', async () => {
    const dataDir = migratedDataDir();
    const setup = await openDatabase({ dataDir });
    const userId = await aUser(setup.db, 'ada@example.com');
    await setup.close();

    const result = await tokensCli(['grant', '--email', 'Ada@Example.com', '--tokens', '500', '--reason', 'support'], { DATA_DIR: dataDir });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Granted 500 tokens to ada@example.com. Additional tokens now: 500.');

    const check = await openDatabase({ dataDir });
    try {
      expect((await new KnexLedgerRepository(check.db).balanceOf(userId)).additionalTokens).toBe(500);
      expect(await check.db('token_ledger').where({ user_id: userId }).first('kind', 'description')).toEqual({ kind: 'admin_grant', description: 'Added by support: support' });
    } finally {
      await check.close();
    }
  }, 60_000);

  it('says what to do when a running app holds the embedded database', async () => {
    const dataDir = migratedDataDir();
    const app = await openDatabase({ dataDir });
    try {
      const result = await tokensCli(['grant', '--email', 'a@b.co', '--tokens', '5', '--reason', 'x'], { DATA_DIR: dataDir });
      expect(result.code).toBe(3);
      expect(result.stderr).toContain(`in use by a running Mailscribe process (pid ${process.pid})`);
      expect(result.stderr).toContain('Stop the app, run this again');
    } finally {
      await app.close();
    }
  }, 60_000);

  it('explains its usage for bad arguments and an unknown email', async () => {
    const dataDir = migratedDataDir();
    const bad = await tokensCli(['grant', '--email', 'a@b.co', '--tokens=-5', '--reason', 'x'], { DATA_DIR: dataDir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--tokens must be a whole number');
    const unknown = await tokensCli(['grant', '--email', 'nobody@b.co', '--tokens', '5', '--reason', 'x'], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No user with the email nobody@b.co');
  }, 60_000);

  it.skipIf(!inject('postgresTemplate'))('grants on Postgres while the app is running, once per key', async () => {
    const clone = await clonePostgres();
    const app = await openDatabase({ url: clone.url });
    try {
      const userId = await aUser(app.db, 'grace@example.com');
      const args = ['grant', '--email', 'grace@example.com', '--tokens', '40', '--reason', 'goodwill', '--key', 'ticket-17'];
      expect((await tokensCli(args, { DATABASE_URL: clone.url })).stdout).toContain('Granted 40 tokens');
      expect((await tokensCli(args, { DATABASE_URL: clone.url })).stdout).toContain('Nothing done: the key ticket-17 was already used');
      expect((await new KnexLedgerRepository(app.db).balanceOf(userId)).additionalTokens).toBe(40);
      await aUser(app.db, 'other@example.com');
      const reused = await tokensCli(['grant', '--email', 'other@example.com', '--tokens', '5', '--reason', 'x', '--key', 'ticket-17'], { DATABASE_URL: clone.url });
      expect(reused.code).toBe(2);
      expect(reused.stderr).toContain('The key admin:ticket-17 was already used for another user');
    } finally {
      await app.close();
      await clone.drop();
    }
  }, 60_000);
});

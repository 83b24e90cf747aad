import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { AccountExport } from '../../../src/contract/account.js';
import { openDatabase } from '../../../src/platform/db/database.js';
import { TEST_ENCRYPTION_KEY, TEST_JWT_SECRET } from '../../support/test-config.js';
import { migratedDataDir } from '../../support/migrated-data-dir.js';
import { builtServerFile } from '../../support/server-build.js';
import { aUser } from '../../support/users.js';

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command; `input` is typed on its stdin. */
function accountCli(args: string[], env: Record<string, string>, input = ''): Promise<Result> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [builtServerFile('src/cli/account.ts'), ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET, ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input);
  });
}

/** An embedded database with one user, one document and one mail record; the app is stopped. */
async function embeddedWithAccount(email: string): Promise<{ dataDir: string; userId: string }> {
  const dataDir = migratedDataDir();
  const setup = await openDatabase({ dataDir });
  let userId = '';
  try {
    userId = await aUser(setup.db, email);
    const documentId = '6f1d1f0e-7a43-4a8e-9a53-0d7f0d1c2b11';
    await setup.db('documents').insert({ id: documentId, owner_id: userId, name: 'Orchard minutes', description: '', forward_token: 'orchard-minutes-abc', forward_email: 'orchard-minutes-abc@in.example.com', external_id: 'local-orchard' });
    await setup.db('document_allowed_emails').insert({ document_id: documentId, email: 'sender@example.org', seq: 1 });
    await setup.db('inbound_messages').insert({ id: '0c4b8c9e-1b9e-4b8a-8a3e-3f8b2d1a9c01', document_id: documentId, owner_id: userId, status: 'ignored', envelope: JSON.stringify({}), size_bytes: 10, source_mail: 'sender@example.org', subject: 'Harvest schedule' });
  } finally {
    await setup.close();
  }
  return { dataDir, userId };
}

// Each case has a database of its own and waits mostly on the command's start: they run side by side.
describe.concurrent('npm run account', () => {
  it('exports an account as JSON on the embedded database', async () => {
    const { dataDir, userId } = await embeddedWithAccount('ada@example.com');
    const result = await accountCli(['export', '--email', 'Ada@Example.com'], { DATA_DIR: dataDir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const exported = JSON.parse(result.stdout) as AccountExport;
    expect(exported.account).toMatchObject({ id: userId, email: 'ada@example.com' });
    expect(exported.documents.map((document) => [document.documentName, document.emails])).toEqual([['Orchard minutes', ['sender@example.org']]]);
    expect(exported.mailRecords.map((mail) => [mail.subject, mail.sender, mail.status])).toEqual([['Harvest schedule', 'sender@example.org', 'ignored']]);
  }, 60_000);

  it('deletes only once the email is typed again, or with --yes', async () => {
    const { dataDir, userId } = await embeddedWithAccount('grace@example.com');
    const refused = await accountCli(['delete', '--email', 'grace@example.com'], { DATA_DIR: dataDir }, 'someone@example.com\n');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('nothing was deleted');
    const confirmedRun = await accountCli(['delete', '--email', 'grace@example.com'], { DATA_DIR: dataDir }, 'grace@example.com\n');
    expect(confirmedRun.stderr).toContain('Type the email again to confirm');
    expect(confirmedRun.code).toBe(0);
    expect(confirmedRun.stdout).toContain('Deleted the account grace@example.com.');
    const check = await openDatabase({ dataDir });
    try {
      expect(await check.db('users').where({ id: userId }).first()).toBeUndefined();
      expect(await check.db('documents').where({ owner_id: userId }).first()).toBeUndefined();
      expect(await check.db('inbound_messages').where({ owner_id: userId }).first()).toBeUndefined();
      expect(await check.db('document_allowed_emails').first()).toBeUndefined();
    } finally {
      await check.close();
    }
    const again = await accountCli(['delete', '--email', 'grace@example.com', '--yes'], { DATA_DIR: dataDir });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('No user with the email grace@example.com');
  }, 60_000);

  it('deletes without asking with --yes, and refuses while the app holds the embedded database', async () => {
    const { dataDir, userId } = await embeddedWithAccount('linus@example.com');
    const app = await openDatabase({ dataDir });
    try {
      expect((await accountCli(['delete', '--email', 'linus@example.com', '--yes'], { DATA_DIR: dataDir })).code).toBe(3);
    } finally {
      await app.close();
    }
    const result = await accountCli(['delete', '--email', 'linus@example.com', '--yes'], { DATA_DIR: dataDir });
    expect(result.code).toBe(0);
    const check = await openDatabase({ dataDir });
    try {
      expect(await check.db('users').where({ id: userId }).first()).toBeUndefined();
    } finally {
      await check.close();
    }
  }, 60_000);
});

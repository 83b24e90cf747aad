import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../../migrations/index.js';
import { startAppProcess, type AppProcess } from '../../support/operations/app-process.js';
import { freePorts } from '../../support/free-ports.js';

// A first start creates the embedded database, which takes a while on a slow disk: the process says what
// it is doing and how long each phase took, so a quiet terminal never looks like a hang.
describe('what a start of the embedded install says', () => {
  const parent = mkdtempSync(join(tmpdir(), 'mailscribe-first-start-'));
  const dataDir = join(parent, 'data');
  let app: AppProcess | null = null;

  afterEach(async () => {
    await app?.stop(10_000);
    app = null;
  });
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  const messages = (process: AppProcess) => process.logs().map((line) => String(line.msg));

  it('names each phase with its time on the first start, and opens rather than creates on the next', async () => {
    const [httpPort = 0, smtpPort = 0] = await freePorts(2);
    const env = { PORT: String(httpPort), SMTP_PORT: String(smtpPort), DATA_DIR: dataDir, ROLES: 'http,smtp,worker', BILLING: 'off' };
    app = await startAppProcess('first', env);
    const seconds = /\(\d+\.\d s\)/;
    const first = messages(app);
    const count = Object.keys(migrations).length;
    expect(first.slice(0, 3)).toEqual([
      `Creating the embedded database in ${dataDir}…`,
      expect.stringMatching(/^Database ready \(\d+\.\d s\); applying migrations…$/),
      expect.stringMatching(new RegExp(`^Database migrated: ${count} migrations ${seconds.source}$`)),
    ]);
    expect(app.logs().find((line) => line.msg === 'started')).toMatchObject({ sinceStart: expect.stringMatching(/^\d+\.\d s$/) });
    expect(app.output()).toMatch(/Mailscribe is running \(embedded database in .+\), ready in \d+\.\d s/);
    await app.stop();

    app = await startAppProcess('again', env);
    expect(messages(app).slice(0, 3)).toEqual([
      `Opening the embedded database in ${dataDir}…`,
      expect.stringMatching(/^Database ready \(\d+\.\d s\); applying migrations…$/),
      'Database schema up to date',
    ]);
  }, 240_000);
});

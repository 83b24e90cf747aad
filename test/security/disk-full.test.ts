// The embedded database survives the disk. Measured before: with less free space than PGlite needs for
// its next WAL segment the process spun at ~80% of a core, /healthz and every SMTP session timed out,
// nothing was logged, SIGTERM was ignored and freeing space did not help; a first start on a 30 MB volume
// printed only `ErrnoError { errno: 51 }`. Each case runs on a tmpfs of its own (mounting needs root).
//
// - Under DATA_DIR_MIN_FREE_MB the SMTP intake answers 452 before committing and /readyz 503; once space
//   is freed, mail is accepted again without a restart; every mail answered 250 is in the database.
// A write that fails for lack of space anyway, and a first start without room: disk-full.failed-write.test.ts.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildContainer } from '../../src/container.js';
import type { ReadinessResponse } from '../../src/contract/platform.js';
import { openDatabase, type OpenDatabase } from '../../src/platform/db/database.js';
import { startRuntime, type Runtime } from '../../src/roles/runtime.js';
import { useSmtpListeners } from '../support/smtp-listeners.js';
import { FakeMailIntake } from '../support/fakes/fake-mail-intake.js';
import { INBOUND_DOMAIN, seedDocument, sendRandomMail, storedSubjects } from '../support/disk-filling-mail.js';
import { migratedDataDir } from '../support/migrated-data-dir.js';
import { queuedIds } from '../support/operations/app-process.js';
import { MB } from '../../src/shared/sizes.js';
import { mountTmpfs, type Tmpfs } from '../support/tmpfs.js';
import { testConfig } from '../support/test-config.js';

const isRoot = process.getuid?.() === 0;

describe('the SMTP listener asks for room before each commit', () => {
  const startListener = useSmtpListeners();

  it('answers 452 without handing the message to the core while there is none, and 250 again once there is', async () => {
    const address = 'notes-k3j9x2mqpa@in.example.com';
    const intake = new FakeMailIntake([address]);
    let room = true;
    let asked = 0;
    const listener = await startListener({
      intake,
      hostname: INBOUND_DOMAIN,
      maxMessageBytes: 1024 * 1024,
      shutdownGraceMs: 100,
      storage: {
        hasRoom: () => {
          asked++;
          return Promise.resolve(room);
        },
      },
    });
    expect((await sendRandomMail(listener.port, address, 'first', 1024))?.code).toBe(250);
    room = false;
    const refused = await sendRandomMail(listener.port, address, 'second', 1024);
    // 4.3.1, mail system full (RFC 3463): not smtp-server's 4.2.2, mailbox full.
    expect(refused?.last).toBe('452 4.3.1 Insufficient system storage');
    room = true;
    expect((await sendRandomMail(listener.port, address, 'third', 1024))?.code).toBe(250);
    expect(asked).toBe(3);
    expect(intake.calls).toBe(2);
    expect(intake.stored.map((mail) => /^Subject: (.*)$/m.exec(mail.raw.toString('latin1'))?.[1]?.trim())).toEqual(['first', 'third']);
  });
});

describe.skipIf(!isRoot)('SMTP intake and /readyz when DATA_DIR runs short (needs root: tmpfs)', () => {
  // Above one 16 MB WAL segment: PGlite must never meet the full disk while the check holds.
  const MIN_FREE_MB = 24;
  let disk: Tmpfs;
  let database: OpenDatabase;
  let runtime: Runtime;
  let forwardEmail: string;
  const logs: { level: number; msg: string; reason?: string }[] = [];
  let umaskBefore: number;

  beforeAll(async () => {
    umaskBefore = process.umask(0o022);
    process.umask(umaskBefore);
    // The migrated database (about 40 MB, as a new one asks 48), the threshold, and room for a few mails.
    disk = mountTmpfs(48 + MIN_FREE_MB + 24);
    const dataDir = migratedDataDir(disk.path);
    database = await openDatabase({ dataDir, minFreeMb: MIN_FREE_MB });
    forwardEmail = await seedDocument(database.db);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logs.push(JSON.parse(line) as (typeof logs)[number]);
        done();
      },
    });
    const config = testConfig({ DATA_DIR: dataDir, DATA_DIR_MIN_FREE_MB: String(MIN_FREE_MB), INBOUND_DOMAIN, SENDER_AUTH: 'off', BILLING: 'off', SMTP_MESSAGES_PER_MINUTE_PER_IP: '1000' });
    const container = buildContainer({ config, db: database.db, logger: pino({ level: 'info' }, sink) });
    // No workers: only the intake writes, so the numbers below are the intake's.
    runtime = await startRuntime(container, ['http', 'smtp'], { http: 0, httpHost: '127.0.0.1', smtp: 0 });
  }, 300_000);

  afterAll(async () => {
    await runtime?.stop();
    await database?.close();
    disk?.close();
    process.umask(umaskBefore);
  });

  const readyz = async (): Promise<{ status: number; body: ReadinessResponse }> => {
    const response = await fetch(`http://127.0.0.1:${runtime.httpPort ?? 0}/readyz`);
    return { status: response.status, body: (await response.json()) as ReadinessResponse };
  };

  it('answers 250 while there is room, then 452 and /readyz 503; 250 again once space is freed, without a restart; every 250 is stored', async () => {
    const smtpPort = runtime.smtpPort ?? 0;
    expect((await readyz()).status).toBe(200);
    // A filler file leaves room for a few mails above the threshold; deleting it is "freeing space".
    const filler = join(disk.path, 'filler');
    const fillerMb = Math.floor(disk.freeMb() - MIN_FREE_MB - 4);
    expect(fillerMb).toBeGreaterThan(0);
    writeFileSync(filler, Buffer.alloc(fillerMb * MB));

    const answers: { subject: string; code: number | null; last: string }[] = [];
    for (let n = 1; n <= 60; n++) {
      const subject = `mail ${n}`;
      const reply = await sendRandomMail(smtpPort, forwardEmail, subject, 256 * 1024);
      answers.push({ subject, code: reply?.code ?? null, last: reply?.last ?? 'connection failed' });
      if (answers.filter((answer) => answer.code === 452).length === 3) break;
    }
    const codes = answers.map((answer) => answer.code);
    const accepted = codes.indexOf(452);
    // Every mail before the first 452 got 250, every one after it 452: no 451, no failed connection.
    expect(accepted, JSON.stringify(answers)).toBeGreaterThanOrEqual(3);
    expect(codes).toEqual([...Array<number>(accepted).fill(250), 452, 452, 452]);
    expect(answers[accepted]?.last).toBe('452 4.3.1 Insufficient system storage');
    expect(disk.freeMb()).toBeGreaterThan(16);

    const short = await readyz();
    expect(short.status).toBe(503);
    expect(short.body).toEqual({ status: 'unavailable', reason: expect.stringMatching(new RegExp(`^not enough free space in DATA_DIR: \\d+ MB free, needs ${MIN_FREE_MB} MB$`)) as unknown });
    expect((await fetch(`http://127.0.0.1:${runtime.httpPort ?? 0}/healthz`)).status).toBe(200);

    // Space is freed: within the check's second, /readyz and the intake let mail in again.
    rmSync(filler);
    await vi.waitFor(async () => expect((await readyz()).status).toBe(200), { timeout: 10_000, interval: 200 });
    const again = await sendRandomMail(smtpPort, forwardEmail, 'after the filler went', 256 * 1024);
    expect(again?.code).toBe(250);
    answers.push({ subject: 'after the filler went', code: again?.code ?? null, last: again?.last ?? '' });

    // Nothing acknowledged is lost: every 250 is in the database, with its own content.
    const acknowledged = answers.filter((answer) => answer.code === 250).map((answer) => ({ id: queuedIds(answer.last)[0] ?? '', subject: answer.subject }));
    const stored = await storedSubjects(database.db, acknowledged.map((mail) => mail.id));
    expect(Object.fromEntries(acknowledged.map((mail) => [mail.id, stored.get(mail.id)]))).toEqual(Object.fromEntries(acknowledged.map((mail) => [mail.id, mail.subject])));
    expect(Number(((await database.db('inbound_messages').count({ n: '*' })) as { n: number }[])[0]?.n)).toBe(acknowledged.length);

    // The operator reads what happened.
    expect(logs.filter((line) => line.msg === 'smtp message refused' && line.reason === 'insufficient-storage')).toHaveLength(3);
    expect(logs.some((line) => line.level === 40 && line.msg.startsWith(`not enough free space in DATA_DIR: `) && line.msg.includes(`needs ${MIN_FREE_MB} MB (DATA_DIR_MIN_FREE_MB); new mail gets 452`))).toBe(true);
    expect(logs.some((line) => line.level === 30 && /^DATA_DIR has room again \(\d+ MB free\); accepting mail$/.test(line.msg))).toBe(true);
    console.info(`disk full: ${accepted} mails got 250, then 452 (${disk.freeMb().toFixed(1)} MB free at the end, threshold ${MIN_FREE_MB} MB)`);
  }, 300_000);
});

import { rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/platform/config/config.js';
import { loadConfig } from '../../../src/platform/config/load-config.js';
import { EmbeddedDatabaseFailure, isOutOfSpace } from '../../../src/platform/db/guarded-pglite.js';
import { DataDirSpace, describeShortage } from '../../../src/platform/storage/data-dir-space.js';
import { fileTempDir } from '../../support/temp-dirs.js';
import { MB } from '../../../src/shared/sizes.js';


function loggedSpace(minFreeMb: number, freeMb: () => number | Error) {
  const lines: { level: number; msg: string; freeMb?: number }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  let now = 0;
  let measured = 0;
  const space = new DataDirSpace('/data', minFreeMb, pino({ level: 'info' }, sink), {
    now: () => now,
    freeBytes: () => {
      measured++;
      const free = freeMb();
      return free instanceof Error ? Promise.reject(free) : Promise.resolve(free * MB);
    },
  });
  return { space, lines, advance: (ms: number) => (now += ms), measured: () => measured };
}

describe('DataDirSpace', () => {
  it('measures at most once a second, however many messages ask', async () => {
    const { space, advance, measured } = loggedSpace(64, () => 500);
    await Promise.all(Array.from({ length: 50 }, () => space.hasRoom()));
    for (let i = 0; i < 50; i++) expect(await space.hasRoom()).toBe(true);
    expect(measured()).toBe(1);
    advance(999);
    await space.hasRoom();
    expect(measured()).toBe(1);
    advance(1);
    await space.hasRoom();
    expect(measured()).toBe(2);
  });

  it('has no room under the threshold, says how much there is, and has room again once space is freed', async () => {
    let free = 100;
    const { space, lines, advance } = loggedSpace(64, () => free);
    expect(await space.check()).toEqual({ ok: true, freeMb: 100, needsMb: 64 });

    free = 63.5;
    advance(1_000);
    const short = await space.check();
    expect(short).toEqual({ ok: false, freeMb: 63, needsMb: 64 });
    expect(describeShortage(short)).toBe('not enough free space in DATA_DIR: 63 MB free, needs 64 MB');
    advance(1_000);
    expect(await space.hasRoom()).toBe(false);

    free = 64;
    advance(1_000);
    expect(await space.hasRoom()).toBe(true);

    // Each change is logged once, not at every measurement.
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [40, 'not enough free space in DATA_DIR: 63 MB free, needs 64 MB (DATA_DIR_MIN_FREE_MB); new mail gets 452 and /readyz 503 until there is room'],
      [30, 'DATA_DIR has room again (64 MB free); accepting mail'],
    ]);
  });

  it('logs a shortage found at the first measurement', async () => {
    const { space, lines } = loggedSpace(64, () => 10);
    expect(await space.hasRoom()).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.msg).toMatch(/^not enough free space in DATA_DIR: 10 MB free, needs 64 MB/);
  });

  it('lets mail in when the free space cannot be read (the writes themselves decide), and says so once', async () => {
    const { space, lines, advance } = loggedSpace(64, () => new Error('ENOENT'));
    expect(await space.check()).toEqual({ ok: true, freeMb: null, needsMb: 64 });
    advance(1_000);
    expect(await space.hasRoom()).toBe(true);
    expect(lines.map((line) => line.msg)).toEqual(['could not read the free space of DATA_DIR; mail is accepted without the check']);
  });
});

describe('isOutOfSpace', () => {
  const withFields = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

  it.each<[string, unknown]>([
    ['Postgres disk_full extending a relation', withFields('could not extend file "base/5/16612": No space left on device', { code: '53100', severity: 'ERROR' })],
    ['Postgres disk_full creating a WAL segment (PANIC)', withFields('could not write to file "pg_wal/xlogtemp.42": No space left on device', { code: '53100', severity: 'PANIC' })],
    ["PGlite's file system layer (emscripten ENOSPC is errno 51)", { name: 'ErrnoError', errno: 51 }],
    ['Node writing a file', withFields('ENOSPC: no space left on device, write', { code: 'ENOSPC', errno: -28, syscall: 'write' })],
    ['knex passing the message on', new Error('insert into "x" values ($1) - could not extend file "base/5/1": No space left on device')],
  ])('recognises %s', (_name, error) => {
    expect(isOutOfSpace(error)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a unique violation', withFields('duplicate key value violates unique constraint', { code: '23505' })],
    ['another emscripten errno (ENOENT is 44)', { name: 'ErrnoError', errno: 44 }],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['nothing', undefined],
  ])('does not take %s for a full disk', (_name, error) => {
    expect(isOutOfSpace(error)).toBe(false);
  });

  it('names DATA_DIR and the free space in the failure', () => {
    const failure = new EmbeddedDatabaseFailure('/app/data', true, 3, 'could not extend file "base/5/1": No space left on device', { cause: null });
    expect(failure.message).toBe('out of disk space in DATA_DIR /app/data (3 MB free): could not extend file "base/5/1": No space left on device');
    expect(failure.again()).not.toBe(failure);
    expect(failure.again().message).toBe(failure.message);
  });
});

describe('DATA_DIR_MIN_FREE_MB', () => {
  const withDataDir = <T>(look: (dataDir: string) => T): T => {
    const dataDir = fileTempDir('mailscribe-config-');
    try {
      return look(dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };

  it('is 64 MB unless set, and 0 turns the check off', () => {
    withDataDir((DATA_DIR) => {
      expect(loadConfig({ env: { DATA_DIR } }).DATA_DIR_MIN_FREE_MB).toBe(64);
      expect(loadConfig({ env: { DATA_DIR, DATA_DIR_MIN_FREE_MB: '0' } }).DATA_DIR_MIN_FREE_MB).toBe(0);
      expect(loadConfig({ env: { DATA_DIR, DATA_DIR_MIN_FREE_MB: '200' } }).DATA_DIR_MIN_FREE_MB).toBe(200);
    });
  });

  it('refuses a negative or fractional number of megabytes', () => {
    withDataDir((DATA_DIR) => {
      for (const value of ['-1', '1.5', 'lots']) {
        expect(() => loadConfig({ env: { DATA_DIR, DATA_DIR_MIN_FREE_MB: value } }), value).toThrow(ConfigError);
      }
    });
  });
});

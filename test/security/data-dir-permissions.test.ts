// The embedded database's files belong to the user that runs the app: DATA_DIR 0700, its files 0600,
// whatever the umask the process was started with. Measured before: 968 of 970 files mode 0666 under
// umask 022 (PGlite's initdb writes them so), and its relation cache 0644 at every start.
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedDataDirError } from '../../src/platform/db/embedded-data-dir.js';
import { openDatabase } from '../../src/platform/db/database.js';
import { migrateToLatest } from '../../src/platform/db/migrate.js';
import { mountTmpfs, type Tmpfs } from '../support/tmpfs.js';

const isRoot = process.getuid?.() === 0;

/** Every entry under `dir` (itself included) whose mode gives group or others any right. */
function openEntries(dir: string): { path: string; mode: string }[] {
  const open: { path: string; mode: string }[] = [];
  const pending = [dir];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    const stats = lstatSync(path);
    if ((stats.mode & 0o077) !== 0) open.push({ path, mode: (stats.mode & 0o777).toString(8) });
    if (stats.isDirectory()) for (const entry of readdirSync(path)) pending.push(join(path, entry));
  }
  return open;
}

function countFiles(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/** Like an old version left it: directories 0755, files 0666. */
function openUp(dir: string): void {
  const pending = [dir];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    const directory = lstatSync(path).isDirectory();
    chmodSync(path, directory ? 0o755 : 0o666);
    if (directory) for (const entry of readdirSync(path)) pending.push(join(path, entry));
  }
}

describe('the embedded database on disk is owner-only', () => {
  let root: string;
  let dataDir: string;
  let umaskBefore: number;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'mailscribe-perms-'));
    dataDir = join(root, 'data');
    // The usual umask: what the process starts with on most systems.
    umaskBefore = process.umask(0o022);
  });

  afterAll(() => {
    process.umask(umaskBefore);
    rmSync(root, { recursive: true, force: true });
  });

  it('creates DATA_DIR 0700 and every file of a new database 0600 under umask 022, and says nothing', async () => {
    const told: string[] = [];
    const database = await openDatabase({ dataDir, onTightened: (message) => told.push(message) });
    await migrateToLatest(database.db);
    await database.db.raw('select 1');
    await database.close();

    expect(countFiles(dataDir)).toBeGreaterThan(900);
    expect(openEntries(dataDir)).toEqual([]);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    expect(told).toEqual([]);
    // The umask is the process's: put back once no embedded database is open.
    expect(process.umask(0o022)).toBe(0o022);
  }, 120_000);

  it('stays owner-only across starts: PGlite rewrites its relation cache 0644 each time, made 0600 without a word', async () => {
    const told: string[] = [];
    for (let start = 0; start < 2; start++) {
      const database = await openDatabase({ dataDir, onTightened: (message) => told.push(message) });
      await database.db.raw('select 1');
      expect(openEntries(dataDir)).toEqual([]);
      await database.close();
    }
    expect(told).toEqual([]);
  }, 120_000);

  it('makes a DATA_DIR open to others owner-only at start and says so in one line', async () => {
    openUp(dataDir);
    expect(openEntries(dataDir).length).toBeGreaterThan(900);

    const told: string[] = [];
    const database = await openDatabase({ dataDir, onTightened: (message) => told.push(message) });
    await database.db.raw('select 1');
    expect(openEntries(dataDir)).toEqual([]);
    await database.close();

    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(
      new RegExp(`^DATA_DIR ${dataDir} was open to other users \\(\\d+ directories and \\d+ files readable or writable by group or others\\); made it owner-only$`),
    );
  }, 120_000);
});

describe.skipIf(!isRoot)('a DATA_DIR that cannot be made owner-only (needs root: mounts a read-only tmpfs)', () => {
  let disk: Tmpfs;

  beforeAll(() => {
    disk = mountTmpfs(1, { mode: '0755' });
    mkdirSync(join(disk.path, 'data'), { mode: 0o755 });
    chmodSync(join(disk.path, 'data'), 0o755);
    writeFileSync(join(disk.path, 'data', 'secrets.json'), '{}', { mode: 0o644 });
    disk.readOnly();
  });

  afterAll(() => disk.close());

  it('is refused with one line naming the directory and what to do', async () => {
    const dataDir = join(disk.path, 'data');
    const opening = openDatabase({ dataDir });
    await expect(opening).rejects.toBeInstanceOf(EmbeddedDataDirError);
    await expect(opening).rejects.toThrow(
      `DATA_DIR ${dataDir} is open to other users and could not be made owner-only (EROFS on ${dataDir}): as its owner, run chmod -R go-rwx ${dataDir}, or set DATA_DIR to a directory this user owns`,
    );
  });
});

import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { freeBytesOfSync, wholeMb } from '../storage/data-dir-space.js';

/**
 * A new embedded database takes about 40 MB (initdb's files, the first 16 MB WAL segment, the migrations):
 * measured 39 MB on a tmpfs. A first start needs this much free, plus DATA_DIR_MIN_FREE_MB to take mail.
 */
export const NEW_DATABASE_MB = 48;
/**
 * Opening a database that was not closed cleanly (after a crash, or a write that failed for lack of space)
 * replays its WAL and starts a new 16 MB segment: measured, 14 MB free failed and 18 MB worked.
 */
export const REOPEN_DATABASE_MB = 32;

/** The operator must act before the embedded database can open: printed as one line, exit code 1. */
export class EmbeddedDataDirError extends Error {
  override readonly name = 'EmbeddedDataDirError';
}

export interface PreparedDataDir {
  /** No database in DATA_DIR yet: this start creates it. */
  fresh: boolean;
  /** What was open to group or others and was made owner-only. */
  tightened: Tightened;
}

export interface Tightened {
  directories: number;
  files: number;
}

let umaskHolders = 0;
let umaskBefore = 0o022;

/**
 * Files are created owner-only (umask 077; PGlite itself asks for 0666) for as long as an embedded
 * database is open on disk in this process: PGlite creates relations and WAL segments while it runs.
 * The umask is the process's: the returned release puts the one before back once the last such database
 * is closed. Worker threads cannot change it (the main thread's applies to them).
 */
export function holdOwnerOnlyUmask(): () => void {
  if (!isMainThread) return () => undefined;
  if (umaskHolders++ === 0) umaskBefore = process.umask(0o077);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--umaskHolders === 0) process.umask(umaskBefore);
  };
}

/**
 * Before PGlite opens DATA_DIR (with the umask held): DATA_DIR is made 0700 and whatever in it is open
 * to group or others is made owner-only, and a first start checks it has room for a new database.
 */
export function prepareEmbeddedDataDir(dataDir: string, pgliteDir: string, minFreeMb: number): PreparedDataDir {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const tightened = makeOwnerOnly(dataDir);
  const fresh = !existsSync(join(pgliteDir, 'PG_VERSION'));
  if (fresh) {
    const free = freeBytesOfSync(dataDir);
    const needsMb = NEW_DATABASE_MB + minFreeMb;
    if (wholeMb(free) < needsMb) {
      throw new EmbeddedDataDirError(
        `not enough free space in DATA_DIR ${dataDir} (needs ${needsMb} MB, ${wholeMb(free)} MB free): a new embedded database takes ` +
          `${NEW_DATABASE_MB} MB and DATA_DIR_MIN_FREE_MB=${minFreeMb} must stay free to accept mail. Free some space, give the volume more, or set DATA_DIR elsewhere`,
      );
    }
  }
  return { fresh, tightened };
}

/**
 * Removes the group and other permission bits from DATA_DIR and everything under it (symbolic links are
 * not followed) and counts what it changed. A directory that cannot be changed (another user's, a
 * read-only file system) is an EmbeddedDataDirError: the database is not opened where others can reach
 * it. A file that cannot be changed is left alone: inside owner-only directories nobody else reaches it.
 */
export function makeOwnerOnly(dataDir: string): Tightened {
  const changed: Tightened = { directories: 0, files: 0 };
  const pending = [dataDir];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) continue;
    const directory = stats.isDirectory();
    if ((stats.mode & 0o077) !== 0) {
      try {
        chmodSync(path, stats.mode & 0o700);
        if (directory) changed.directories++;
        else changed.files++;
      } catch (error) {
        if (!directory) continue;
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        throw new EmbeddedDataDirError(
          `DATA_DIR ${dataDir} is open to other users and could not be made owner-only (${code} on ${path}): ` +
            `as its owner, run chmod -R go-rwx ${dataDir}, or set DATA_DIR to a directory this user owns`,
        );
      }
    }
    if (directory) {
      for (const entry of readdirSync(path)) pending.push(join(path, entry));
    }
  }
  return changed;
}

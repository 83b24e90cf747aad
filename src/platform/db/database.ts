import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import pg from 'pg';
import { freeBytesOfSync, wholeMb } from '../storage/data-dir-space.js';
import {
  EmbeddedDataDirError,
  holdOwnerOnlyUmask,
  makeOwnerOnly,
  NEW_DATABASE_MB,
  prepareEmbeddedDataDir,
  REOPEN_DATABASE_MB,
} from './embedded-data-dir.js';
import { GuardedPGlite, isOutOfSpace, type EmbeddedDatabaseFailure } from './guarded-pglite.js';
import { lockEmbeddedDatabase } from './pglite-lock.js';
import { keepStatementsPrepared, StatementNames } from './prepared-statements.js';

export type Database = Knex;
export const DATABASE = Symbol('Database');

const INT8_OID = 20;
const BYTEA_OID = 17;
// Counts and sums come back as int8; both drivers return plain numbers (our values stay far below 2^53).
pg.types.setTypeParser(INT8_OID, (value: string) => Number(value));

/**
 * Whether this is the embedded engine: one connection, one thread in this process. Intake gathers
 * messages differently there (see the inbound message repository).
 */
export function isEmbedded(db: Database): boolean {
  return (db.client as { config?: { client?: unknown } }).config?.client === ClientPgLite;
}

const embeddedDataDirs = new WeakMap<Database, string>();

/** The DATA_DIR of an embedded database kept on disk (null on Postgres and for an in-memory one). */
export function embeddedDataDirOf(db: Database): string | null {
  return embeddedDataDirs.get(db) ?? null;
}

export interface DatabaseOptions {
  /** Postgres connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** Where PGlite keeps its files; `memory` keeps nothing on disk. */
  dataDir?: string | 'memory';
  /** A dump of a migrated PGlite data dir to start from (tests clone a template this way). */
  loadDataDir?: Blob;
  poolMax?: number;
  /** Postgres only: send parameterised statements as named prepared statements (default true). */
  preparedStatements?: boolean;
  /** Embedded on disk: DATA_DIR_MIN_FREE_MB, which a first start needs free on top of the new database (default 0). */
  minFreeMb?: number;
  /** Embedded on disk: told that group or other permissions were removed from DATA_DIR (one line for the operator). */
  onTightened?: (message: string) => void;
  /**
   * Embedded on disk: told once when the database stops for good (a write that failed for lack of space, a
   * PANIC); every later statement fails with the same error. The app ends the process here.
   */
  onFailure?: (failure: EmbeddedDatabaseFailure) => void;
}

export interface OpenDatabase {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** The embedded engine itself, when in use (tests dump a migrated template from it). */
  pglite: PGlite | null;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if (options.url) {
    const names = options.preparedStatements === false ? null : new StatementNames();
    const db = knexFactory({
      client: 'pg',
      connection: options.url,
      pool: {
        min: 0,
        max: options.poolMax ?? 10,
        // Every connection of the pool, the job engine's included (it borrows knex's).
        afterCreate: (connection: pg.Client, done: (error: Error | null, connection: pg.Client) => void) => {
          if (names) keepStatementsPrepared(connection, names);
          done(null, connection);
        },
      },
    });
    return { db, kind: 'postgres', pglite: null, close: () => db.destroy() };
  }
  const onDisk = options.dataDir && options.dataDir !== 'memory' ? resolve(options.dataDir) : null;
  const taken = onDisk ? takeDataDir(onDisk, options) : { fresh: false, release: () => undefined };
  let pglite: PGlite;
  try {
    pglite = await createPglite(options, taken.fresh);
  } catch (error) {
    taken.release();
    throw error;
  }
  const db = knexFactory({
    client: ClientPgLite,
    // knex-pglite accepts a function returning an existing instance; its typings do not say so.
    connection: (() => ({ pglite })) as unknown as Knex.StaticConnectionConfig,
  });
  if (onDisk) embeddedDataDirs.set(db, onDisk);
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      taken.release();
    },
  };
}

/**
 * Before anything is written to DATA_DIR (the lock included): the owner-only umask, DATA_DIR owner-only
 * (the operator is told when a directory was open: only an open directory lets others in; PGlite itself
 * writes a few files 0644 at every start, its relation cache, made 0600 without a word), room for a new
 * database, then the lock. `release` undoes the lock and the umask.
 */
function takeDataDir(dataDir: string, options: DatabaseOptions): { fresh: boolean; release: () => void } {
  const releaseUmask = holdOwnerOnlyUmask();
  try {
    const { fresh, tightened } = prepareEmbeddedDataDir(dataDir, pgliteDir(dataDir), options.minFreeMb ?? 0);
    if (tightened.directories > 0) {
      options.onTightened?.(
        `DATA_DIR ${dataDir} was open to other users (${count(tightened.directories, 'directory', 'directories')} and ` +
          `${count(tightened.files, 'file', 'files')} readable or writable by group or others); made it owner-only`,
      );
    }
    const unlock = lockEmbeddedDatabase(dataDir);
    return {
      fresh,
      release: () => {
        unlock();
        releaseUmask();
      },
    };
  } catch (error) {
    releaseUmask();
    throw error;
  }
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * PGlite's own bytea conversion goes byte by byte through strings (`toString(16)`, `parseInt`): measured on
 * the SMTP intake, 70 µs of the main thread per 1.2 kB message stored, the largest single cost of an embedded
 * commit; a worker's claim paid it again reading the message. Buffer's hex codec does the same in native code.
 */
const byteaSerializer = (value: unknown): string => {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
};
const byteaParser = (text: string): Buffer => Buffer.from(text.slice(2), 'hex');

async function createPglite(options: DatabaseOptions, fresh: boolean): Promise<PGlite> {
  const parsers = { [INT8_OID]: (value: string) => Number(value), [BYTEA_OID]: byteaParser };
  const serializers = { [BYTEA_OID]: byteaSerializer };
  const dataDir = options.dataDir ?? 'memory';
  if (dataDir === 'memory') {
    const pglite = new PGlite({ parsers, serializers, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    await pglite.waitReady;
    return pglite;
  }
  const root = resolve(dataDir);
  const path = pgliteDir(dataDir);
  mkdirSync(path, { recursive: true, mode: 0o700 });
  const pglite = new GuardedPGlite(root, path, { parsers, serializers }, options.onFailure);
  try {
    await pglite.waitReady;
  } catch (error) {
    throw explainOpenFailure(root, fresh, options.minFreeMb ?? 0, error);
  }
  // initdb writes its files 0666 and every start its relation cache files 0644, whatever the umask.
  makeOwnerOnly(root);
  return pglite;
}

/** PGlite says `ErrnoError { errno: 51 }`, "failed to initialize properly" or "Aborted()" when the disk is full: say so. */
function explainOpenFailure(dataDir: string, fresh: boolean, minFreeMb: number, error: unknown): unknown {
  let freeMb: number;
  try {
    freeMb = wholeMb(freeBytesOfSync(dataDir));
  } catch {
    return error;
  }
  if (fresh && isOutOfSpace(error)) {
    return new EmbeddedDataDirError(
      `not enough free space in DATA_DIR ${dataDir} (needs ${NEW_DATABASE_MB + minFreeMb} MB, ${freeMb} MB free): creating the embedded database ran out of space. ` +
        'Free some space, give the volume more, or set DATA_DIR elsewhere',
      { cause: error },
    );
  }
  // Short of space, PGlite fails to open in several ways ("failed to initialize properly", "Aborted()").
  const needsMb = Math.max(REOPEN_DATABASE_MB, minFreeMb);
  if (!fresh && freeMb < needsMb) {
    const said = error instanceof Error ? error.message : String(error);
    return new EmbeddedDataDirError(
      `not enough free space in DATA_DIR ${dataDir} (needs ${needsMb} MB, ${freeMb} MB free) to open the embedded database: after a crash ` +
        `or a full disk it replays its log into a new 16 MB segment. Free some space and start again (PGlite: ${said})`,
      { cause: error },
    );
  }
  return error;
}

export function pgliteDir(dataDir: string): string {
  return join(resolve(dataDir), 'pglite');
}

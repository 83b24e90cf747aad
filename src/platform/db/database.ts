import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import pg from 'pg';
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
  const unlock = options.dataDir && options.dataDir !== 'memory' ? lockEmbeddedDatabase(resolve(options.dataDir)) : () => undefined;
  let pglite: PGlite;
  try {
    pglite = await createPglite(options);
  } catch (error) {
    unlock();
    throw error;
  }
  const db = knexFactory({
    client: ClientPgLite,
    // knex-pglite accepts a function returning an existing instance; its typings do not say so.
    connection: (() => ({ pglite })) as unknown as Knex.StaticConnectionConfig,
  });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      unlock();
    },
  };
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

async function createPglite(options: DatabaseOptions): Promise<PGlite> {
  const parsers = { [INT8_OID]: (value: string) => Number(value), [BYTEA_OID]: byteaParser };
  const serializers = { [BYTEA_OID]: byteaSerializer };
  const dataDir = options.dataDir ?? 'memory';
  if (dataDir === 'memory') {
    const pglite = new PGlite({ parsers, serializers, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    await pglite.waitReady;
    return pglite;
  }
  const path = pgliteDir(dataDir);
  mkdirSync(path, { recursive: true });
  const pglite = new PGlite(path, { parsers, serializers });
  await pglite.waitReady;
  return pglite;
}

export function pgliteDir(dataDir: string): string {
  return join(resolve(dataDir), 'pglite');
}

import { PGlite, type ExecProtocolOptions, type ExecProtocolResult, type PGliteOptions } from '@electric-sql/pglite';
import { freeBytesOfSync, wholeMb } from '../storage/data-dir-space.js';

/** Postgres' SQLSTATE `disk_full`. */
const DISK_FULL = '53100';
/** ENOSPC in emscripten's errno table (PGlite's file system layer): what `ErrnoError { errno: 51 }` means. */
const EMSCRIPTEN_ENOSPC = 51;
/** ENOSPC on Linux, as Node reports it (`errno: -28`, `code: 'ENOSPC'`). */
const LINUX_ENOSPC = 28;

/**
 * The embedded database met a failure it is not to carry on from: a write that failed for lack of space,
 * or a Postgres PANIC. Measured on PGlite 0.5: after a PANIC (the WAL could not start its next segment)
 * the next statement spins in its main loop for good (a core busy, the event loop blocked, SIGTERM
 * unheard). A table that cannot grow only fails its transaction, but the WAL is the next thing to run
 * out, so any failure for lack of space counts. No statement is given after one: every later call gets
 * this same error, and the process is expected to end (a supervisor restarts it; the WAL keeps every
 * commit).
 */
export class EmbeddedDatabaseFailure extends Error {
  override readonly name = 'EmbeddedDatabaseFailure';
  constructor(
    readonly dataDir: string,
    readonly outOfSpace: boolean,
    /** Free space of DATA_DIR when it happened, null when it could not be read. */
    readonly freeMb: number | null,
    readonly detail: string,
    options: { cause: unknown },
  ) {
    super(
      outOfSpace
        ? `out of disk space in DATA_DIR ${dataDir} (${freeMb ?? '?'} MB free): ${detail}`
        : `the embedded database in DATA_DIR ${dataDir} failed: ${detail}`,
      options,
    );
  }

  /** The same failure as a new object, for a later call (knex prefixes each error it passes on with its SQL). */
  again(): EmbeddedDatabaseFailure {
    return new EmbeddedDatabaseFailure(this.dataDir, this.outOfSpace, this.freeMb, this.detail, { cause: this.cause });
  }
}

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined;
}

/**
 * A write that failed for lack of space, whichever layer reports it: Postgres (`53100 disk_full`, e.g.
 * `could not extend file …` or `could not write to file "pg_wal/xlogtemp…"`), PGlite's emscripten file
 * system (`ErrnoError { errno: 51 }`) or Node (`ENOSPC`).
 */
export function isOutOfSpace(error: unknown): boolean {
  if (field(error, 'code') === DISK_FULL || field(error, 'code') === 'ENOSPC') return true;
  if (field(error, 'name') === 'ErrnoError' && field(error, 'errno') === EMSCRIPTEN_ENOSPC) return true;
  if (field(error, 'syscall') !== undefined && Math.abs(Number(field(error, 'errno'))) === LINUX_ENOSPC) return true;
  return error instanceof Error && error.message.includes('No space left on device');
}

/** Postgres ends the session on PANIC (and FATAL); PGlite has no new one to give. */
function endsTheSession(error: unknown): boolean {
  const severity = field(error, 'severity');
  return severity === 'PANIC' || severity === 'FATAL';
}

function detailOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const errno = field(error, 'errno');
  return errno !== undefined ? `${String(field(error, 'name') ?? 'error')} errno ${String(errno)}` : String(error);
}

/**
 * PGlite on a DATA_DIR, refusing to go on after a failure it cannot survive (see EmbeddedDatabaseFailure).
 * Every statement passes through `execProtocolRawSync` (the one entry into Postgres' main loop) and its
 * errors come out of `execProtocol`/`execProtocolStream`, so those are the places watched. `onFailure` is
 * told once, before the failing call's own caller hears of it and before any other statement can run.
 */
export class GuardedPGlite extends PGlite {
  private failure: EmbeddedDatabaseFailure | null = null;

  constructor(
    private readonly appDataDir: string,
    pgliteDir: string,
    options: PGliteOptions,
    private readonly onFailure: (failure: EmbeddedDatabaseFailure) => void = () => undefined,
  ) {
    super(pgliteDir, options);
  }

  override execProtocolRawSync(message: Uint8Array): Uint8Array {
    if (this.failure) throw this.failure.again();
    return super.execProtocolRawSync(message);
  }

  override async execProtocol(message: Uint8Array, options?: ExecProtocolOptions): Promise<ExecProtocolResult> {
    try {
      return await super.execProtocol(message, options);
    } catch (error) {
      throw this.judge(error);
    }
  }

  override async execProtocolStream(message: Uint8Array, options?: ExecProtocolOptions): ReturnType<PGlite['execProtocolStream']> {
    try {
      return await super.execProtocolStream(message, options);
    } catch (error) {
      throw this.judge(error);
    }
  }

  private judge(error: unknown): unknown {
    if (this.failure) return error instanceof EmbeddedDatabaseFailure ? error : this.failure.again();
    const outOfSpace = isOutOfSpace(error);
    if (!outOfSpace && !endsTheSession(error)) return error;
    let freeMb: number | null = null;
    try {
      freeMb = wholeMb(freeBytesOfSync(this.appDataDir));
    } catch {
      // The message says "?" then.
    }
    this.failure = new EmbeddedDatabaseFailure(this.appDataDir, outOfSpace, freeMb, detailOf(error), { cause: error });
    this.onFailure(this.failure);
    return this.failure.again();
  }
}

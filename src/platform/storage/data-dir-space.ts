import { statfs } from 'node:fs/promises';
import { statfsSync } from 'node:fs';
import type { Logger } from '../logging/logger.js';
import { MB } from '../../shared/sizes.js';

/** How long one measurement stands: the SMTP intake asks before every commit, so it costs nothing per message. */
const DEFAULT_CACHE_MS = 1_000;

/** What the file system holding DATA_DIR has left for this process (blocks available to unprivileged users). */
export async function freeBytesOf(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

export function freeBytesOfSync(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/** Whole megabytes (MiB), rounded down: what the log lines and `/readyz` say. */
export function wholeMb(bytes: number): number {
  return Math.floor(bytes / MB);
}

export interface SpaceStatus {
  /** At least `needsMb` free (or the free space could not be read: then the writes themselves decide). */
  ok: boolean;
  /** Null when the free space could not be read. */
  freeMb: number | null;
  needsMb: number;
}

/** `not enough free space in DATA_DIR: 12 MB free, needs 64 MB`: for `/readyz` and the log. */
export function describeShortage(status: SpaceStatus): string {
  return `not enough free space in DATA_DIR: ${status.freeMb ?? '?'} MB free, needs ${status.needsMb} MB`;
}

export interface DataDirSpaceOptions {
  /** Defaults to 1 s. */
  cacheMs?: number;
  /** Tests give the clock and the measurement. */
  now?: () => number;
  freeBytes?: (dir: string) => Promise<number>;
}

/**
 * The free space of DATA_DIR against `DATA_DIR_MIN_FREE_MB`, for the embedded database: below it the SMTP
 * intake answers `452` instead of committing, and `/readyz` answers 503, before PGlite runs into a full
 * disk (a write that fails for lack of space ends the process). Measured with `statfs` at most once per
 * `cacheMs`; callers in the meantime share the last answer. Once space is freed, the next measurement lets
 * mail in again: no restart. The transitions are logged, once each.
 */
export class DataDirSpace {
  private last: { at: number; status: SpaceStatus } | null = null;
  private measuring: Promise<SpaceStatus> | null = null;
  private readonly cacheMs: number;
  private readonly now: () => number;
  private readonly freeBytes: (dir: string) => Promise<number>;

  constructor(
    readonly dir: string,
    readonly minFreeMb: number,
    private readonly logger: Logger,
    options: DataDirSpaceOptions = {},
  ) {
    this.cacheMs = options.cacheMs ?? DEFAULT_CACHE_MS;
    this.now = options.now ?? Date.now;
    this.freeBytes = options.freeBytes ?? freeBytesOf;
  }

  async check(): Promise<SpaceStatus> {
    if (this.last && this.now() - this.last.at < this.cacheMs) return this.last.status;
    this.measuring ??= this.measure().finally(() => {
      this.measuring = null;
    });
    return this.measuring;
  }

  /** For the SMTP intake: whether a message may be committed now. */
  async hasRoom(): Promise<boolean> {
    return (await this.check()).ok;
  }

  private async measure(): Promise<SpaceStatus> {
    let status: SpaceStatus;
    try {
      const free = await this.freeBytes(this.dir);
      status = { ok: free >= this.minFreeMb * MB, freeMb: wholeMb(free), needsMb: this.minFreeMb };
    } catch (error) {
      if (this.last?.status.freeMb !== null) {
        this.logger.warn({ dataDir: this.dir, err: error }, 'could not read the free space of DATA_DIR; mail is accepted without the check');
      }
      status = { ok: true, freeMb: null, needsMb: this.minFreeMb };
    }
    const before = this.last?.status.ok ?? true;
    if (before && !status.ok) {
      this.logger.warn(
        { dataDir: this.dir, freeMb: status.freeMb, needsMb: status.needsMb },
        `${describeShortage(status)} (DATA_DIR_MIN_FREE_MB); new mail gets 452 and /readyz 503 until there is room`,
      );
    } else if (!before && status.ok) {
      this.logger.info({ dataDir: this.dir, freeMb: status.freeMb, needsMb: status.needsMb }, `DATA_DIR has room again (${status.freeMb ?? '?'} MB free); accepting mail`);
    }
    this.last = { at: this.now(), status };
    return status;
  }
}

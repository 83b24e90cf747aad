import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { isEmbedded, type Database } from '../../../../platform/db/database.js';
import { isDatabaseUnreachable } from '../../application/failure-classification.js';

/** The first key of every boot lock, `pg_advisory_lock(int, int)`: "mail" in ASCII. The second is the boot id's hash. */
export const BOOT_LOCK_SPACE = 0x6d61696c;
/** Retries of the start and of a lost boot lock while the database cannot be reached: 0.1 s, doubling, at most 2 s apart. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 2_000;
/**
 * A start that had to wait for the database waits this long more before releasing anything: the live
 * processes of the same owner lost their boot locks with their sessions and take them again within
 * RETRY_MAX_MS of the database's return (see `releaseEarlierLives`).
 */
const GRACE_AFTER_OUTAGE_MS = 3 * RETRY_MAX_MS;

/** What a claim records of the process that takes the lease (columns `run_owner`, `run_boot_id`). */
export interface RunStamp {
  owner: string;
  bootId: string;
}

/** The boot lock's own session: a raw connection outside the pool, held for the life of the workers. */
interface LockSession {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  once(event: 'end' | 'error', listener: () => void): unknown;
}

/**
 * The owner of a process's leases unless told otherwise. The embedded database is opened by one
 * process at a time (its data directory is locked), so all its leases have one owner whatever the
 * host is called (a container recreated with a new name still finds them). On Postgres, the host: a
 * process restarted in place (systemd, a container's restart policy, a pod's container) keeps it.
 */
export function defaultRunOwner(db: Database): string {
  return isEmbedded(db) ? 'embedded' : `host:${hostname()}`;
}

/**
 * Who holds the leases this process's workers take, and the release of those an earlier life of the
 * same process left behind (docs/adr/0007).
 *
 * A process has a stable owner (`defaultRunOwner`) and draws a random boot id at start. Its claims
 * record both. At start, before its workers claim anything, it releases the leases of its own owner
 * taken under another boot id: those of a process that died (SIGKILL, a crash, a power cut) are due at
 * once instead of when their lease runs out.
 *
 * Several processes may share an owner (two worker processes on one host, replicas given one host
 * name). None may release another's live leases, so on Postgres a boot id is alive while a session
 * holds its advisory lock (`BOOT_LOCK_SPACE`, hash of the boot id): a process takes its own before it
 * records its boot id in any claim, holds it on a connection of its own for as long as its workers run,
 * and a start releases only leases whose boot lock nobody holds. A session ends with its process (the
 * kernel closes a killed process's sockets), so a dead process's lock goes with it. While this process
 * does not hold its lock (lost with its session, taken again with backoff), its claims record no
 * owner: such a lease is never released early, it runs out as before.
 *
 * The embedded database has one process: every other boot id there is an earlier life.
 */
export class RunHolder {
  readonly bootId = randomUUID();
  private readonly embedded: boolean;
  private session: LockSession | null = null;
  /** Claims may record this process: on Postgres while it holds its boot lock; embedded once started. */
  private vouched = false;
  private started = false;
  private stopped = false;
  /** Another live boot id hashes like this one: this process never records an owner (see `lock`). */
  private collided = false;
  private relocking: Promise<void> | null = null;
  private readonly sleepers = new Set<() => void>();

  constructor(
    private readonly db: Database,
    readonly owner: string,
    private readonly logger: Logger,
    /** A statement just succeeded after the database could not be reached. */
    private readonly onDatabaseBack: () => void,
  ) {
    this.embedded = isEmbedded(db);
  }

  /** What a claim records now: null while this process cannot vouch for its lease (see the class). */
  stamp(): RunStamp | null {
    return this.vouched && !this.stopped ? { owner: this.owner, bootId: this.bootId } : null;
  }

  /**
   * Takes the boot lock and releases the leases of earlier lives; answers how many were released. While
   * the database cannot be reached it tries again (0.1 s, doubling, at most 2 s apart) until it can or
   * `stop` is called; any other failure is thrown.
   */
  async start(): Promise<number> {
    let waited = false;
    for (let delay = RETRY_FIRST_MS; !this.stopped; delay = Math.min(delay * 2, RETRY_MAX_MS)) {
      try {
        if (!this.embedded && !this.session && !this.collided) await this.lock();
        if (waited) {
          this.onDatabaseBack();
          await this.sleep(GRACE_AFTER_OUTAGE_MS);
          if (this.stopped) break;
        }
        if (this.embedded) this.vouched = true;
        const released = await this.releaseEarlierLives();
        this.started = true;
        // Lost again while releasing: taken again in the background, as any time later.
        if (!this.embedded && !this.session) this.relockInBackground();
        return released;
      } catch (error) {
        if (!isDatabaseUnreachable(error)) throw error;
        if (!waited) this.logger.warn({ err: error, owner: this.owner }, 'mail workers wait for the database to release the leases of an earlier start');
        waited = true;
        await this.sleep(delay);
      }
    }
    return 0;
  }

  /** Gives the boot lock up (ending its session): call once no run of this process holds a lease any more. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.vouched = false;
    for (const wake of this.sleepers) wake();
    await this.relocking;
    const session = this.session;
    this.session = null;
    if (session) await this.db.client.destroyRawConnection(session).catch(() => undefined);
  }

  /**
   * One statement: the leases of this owner under another boot id whose boot nobody vouches for any more
   * (no session holds its lock; embedded: none at all), cleared and due now. A lease of this owner whose
   * boot lock is held belongs to a live process sharing the owner, and is left alone.
   */
  private async releaseEarlierLives(): Promise<number> {
    const aliveColumn = this.embedded
      ? 'false'
      : `EXISTS (
          SELECT 1 FROM pg_locks AS l
          WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
            AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND l.classid = CAST(:space AS oid)
            AND l.objid = CAST(hashtext(CAST(e.run_boot_id AS text))::bigint & 4294967295 AS oid)
        )`;
    const result = (await this.db.raw(
      `WITH earlier AS (
         SELECT e.id, e.run_boot_id, ${aliveColumn} AS alive
         FROM inbound_messages AS e
         WHERE e.run_owner = :owner AND e.run_lease_until IS NOT NULL AND e.run_boot_id <> CAST(:boot AS uuid)
       ), released AS (
         UPDATE inbound_messages AS m
         SET run_lease_until = NULL, run_owner = NULL, run_boot_id = NULL, updated_at = CURRENT_TIMESTAMP,
             due_at = CASE WHEN m.status IN ('received', 'processing') THEN CURRENT_TIMESTAMP ELSE m.due_at END
         FROM earlier
         -- Checked again on the row itself: a lease taken anew since the statement's snapshot is not touched.
         WHERE m.id = earlier.id AND NOT earlier.alive AND m.run_owner = :owner AND m.run_boot_id = earlier.run_boot_id AND m.run_lease_until IS NOT NULL
         RETURNING m.id
       )
       SELECT (SELECT count(*) FROM released) AS released, (SELECT count(*) FROM earlier WHERE alive) AS alive`,
      { owner: this.owner, boot: this.bootId, space: BOOT_LOCK_SPACE },
    )) as { rows: { released: number | string; alive: number | string }[] };
    const released = Number(result.rows[0]?.released ?? 0);
    const alive = Number(result.rows[0]?.alive ?? 0);
    if (released > 0 || alive > 0) {
      this.logger.info({ owner: this.owner, released, leftToLiveProcesses: alive }, 'released the mail leases of an earlier start');
    }
    return released;
  }

  /** Takes this boot's lock on a session of its own; on Postgres only. */
  private async lock(): Promise<void> {
    const session = (await this.db.client.acquireRawConnection()) as LockSession;
    let locked = false;
    try {
      const { rows } = await session.query('SELECT pg_try_advisory_lock($1::int, hashtext($2::text)) AS locked', [BOOT_LOCK_SPACE, this.bootId]);
      locked = (rows[0] as { locked?: boolean } | undefined)?.locked === true;
    } finally {
      if (!locked || this.stopped) await this.db.client.destroyRawConnection(session).catch(() => undefined);
    }
    if (this.stopped) return;
    // Another live boot id with the same hash (one chance in 2^32): this process then records no owner,
    // and its leases run out as before; never the other way round.
    if (!locked) {
      this.collided = true;
      this.logger.warn({ bootId: this.bootId }, "another process holds a boot lock like this one; this process's mail leases will run out instead of being released early");
      return;
    }
    this.session = session;
    this.vouched = true;
    const lost = () => this.lost(session);
    session.once('end', lost);
    session.once('error', lost);
  }

  /** The boot lock's session ended: claims record no owner until the lock is taken again. */
  private lost(session: LockSession): void {
    if (this.session !== session) return;
    this.session = null;
    this.vouched = false;
    void this.db.client.destroyRawConnection(session).catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn({ bootId: this.bootId }, 'lost the session holding the mail boot lock; taking it again');
    // During the start, its own loop takes it again.
    if (this.started) this.relockInBackground();
  }

  private relockInBackground(): void {
    this.relocking ??= this.relock().finally(() => (this.relocking = null));
  }

  private async relock(): Promise<void> {
    for (let delay = RETRY_FIRST_MS; !this.stopped && !this.session && !this.collided; delay = Math.min(delay * 2, RETRY_MAX_MS)) {
      try {
        await this.lock();
        if (this.session) this.onDatabaseBack();
        return;
      } catch (error) {
        if (!isDatabaseUnreachable(error)) this.logger.error({ err: error }, 'could not take the mail boot lock again');
        await this.sleep(delay);
      }
    }
  }

  /** Waits `ms`, or less when `stop` is called. */
  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.sleepers.add(done);
    });
  }
}

/** Where jobs come from and are marked done: the job engine's table. */
export interface JobSource<J> {
  /** Up to `count` jobs, now active for this process. */
  fetch(count: number): Promise<J[]>;
  complete(jobs: J[]): Promise<void>;
  fail(job: J, error: unknown): Promise<void>;
}

export interface JobDispatcherOptions {
  /** Jobs run at once in this process. */
  concurrency: number;
  /** How often it looks for jobs when nothing woke it. */
  pollingMs: number;
  /** Completions are marked in one statement once this many wait, or this long after the first (ms). */
  completeBatch?: number;
  completeDelayMs?: number;
  onError(error: unknown, context: 'fetch' | 'complete' | 'fail'): void;
}

/**
 * Runs a process's jobs with one fetcher for all its slots, instead of one poller per slot: a fetch takes
 * as many jobs as there are free slots, and completions are marked in batches. Per mail that is about
 * half a fetch and a fraction of a completion, where a poller per slot made four fetches (every slot woke
 * and asked at each new job) and one completion.
 *
 * While jobs run it waits until half the slots are free before fetching again (a batch, not one job at a
 * time); with nothing running it fetches at once. A job whose completion was not yet marked when the
 * process died is taken up again once it expires, and finds its mail already final.
 */
export class JobDispatcher<J> {
  private running = 0;
  private fetching = false;
  /** Woken while a fetch was under way: look again when it returns. */
  private wokenMeanwhile = false;
  /** The last fetch filled every slot it asked for: more jobs may be waiting. */
  private maybeMore = true;
  private stopped = true;
  private pollTimer: NodeJS.Timeout | null = null;
  private completed: J[] = [];
  private completeTimer: NodeJS.Timeout | null = null;
  private completing: Promise<void> = Promise.resolve();
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly source: JobSource<J>,
    private readonly handle: (job: J) => Promise<void>,
    private readonly options: JobDispatcherOptions,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.pollTimer = setInterval(() => this.wake(), this.options.pollingMs);
    this.pollTimer.unref();
    this.wake();
  }

  /** New jobs may be waiting (committed here or in another process): look now if a slot is free. */
  wake(): void {
    this.maybeMore = true;
    void this.fetchIntoFreeSlots();
  }

  /**
   * Takes no new job, waits up to `timeoutMs` for the running ones and marks their completions. A job still
   * running then stays active in the database and is taken up again once it expires.
   */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    const idle = (async () => {
      while (this.running > 0 || this.fetching) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    })();
    await Promise.race([idle, timedOut]);
    clearTimeout(timer);
    await this.flushCompleted();
  }

  private freeSlots(): number {
    return this.options.concurrency - this.running;
  }

  private async fetchIntoFreeSlots(): Promise<void> {
    if (this.stopped) return;
    if (this.fetching) {
      this.wokenMeanwhile = true;
      return;
    }
    const free = this.freeSlots();
    if (free <= 0 || (this.running > 0 && free < Math.ceil(this.options.concurrency / 2))) return;
    this.fetching = true;
    let jobs: J[] = [];
    try {
      jobs = await this.source.fetch(free);
    } catch (error) {
      // The next wake or poll tries again.
      this.options.onError(error, 'fetch');
    } finally {
      this.fetching = false;
    }
    this.maybeMore = jobs.length === free;
    for (const job of jobs) this.run(job);
    this.notifyIdle();
    if (this.wokenMeanwhile || (this.maybeMore && jobs.length > 0)) {
      this.wokenMeanwhile = false;
      this.maybeMore = true;
      void this.fetchIntoFreeSlots();
    }
  }

  private run(job: J): void {
    this.running += 1;
    this.handle(job).then(
      () => this.markCompleted(job),
      (error: unknown) => {
        this.completing = this.completing.then(() => this.source.fail(job, error)).catch((failure: unknown) => this.options.onError(failure, 'fail'));
      },
    ).finally(() => {
      this.running -= 1;
      this.notifyIdle();
      if (this.maybeMore) void this.fetchIntoFreeSlots();
    });
  }

  private markCompleted(job: J): void {
    this.completed.push(job);
    if (this.completed.length >= (this.options.completeBatch ?? this.options.concurrency)) {
      void this.flushCompleted();
      return;
    }
    this.completeTimer ??= setTimeout(() => void this.flushCompleted(), this.options.completeDelayMs ?? 20);
  }

  private flushCompleted(): Promise<void> {
    if (this.completeTimer) clearTimeout(this.completeTimer);
    this.completeTimer = null;
    const jobs = this.completed;
    this.completed = [];
    if (jobs.length > 0) {
      this.completing = this.completing.then(() => this.source.complete(jobs)).catch((error: unknown) => this.options.onError(error, 'complete'));
    }
    return this.completing;
  }

  private notifyIdle(): void {
    if (this.running > 0 || this.fetching) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

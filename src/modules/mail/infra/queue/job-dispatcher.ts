/** Where jobs come from. A job's own run records its end; only a run that threw is handed back. */
export interface JobSource<J> {
  /** Up to `count` jobs, now claimed by this process. */
  fetch(count: number): Promise<J[]>;
  /** The run threw instead of recording how it ended: the job is to be tried again later. */
  fail(job: J, error: unknown): Promise<void>;
}

export interface JobDispatcherOptions {
  /** Jobs run at once in this process. */
  concurrency: number;
  /** How often it looks for jobs when nothing woke it. */
  pollingMs: number;
  onError(error: unknown, context: 'fetch' | 'fail'): void;
}

/**
 * Runs a process's jobs with one fetcher for all its slots, instead of one poller per slot (every slot woke
 * and asked at each new job): a fetch takes as many jobs as there are free slots, and one fetch is under
 * way at a time. A slot that frees while more jobs may be waiting is filled at once: the mail queue's
 * claim reads only the rows it returns, so waiting for half the slots to free (as when each fetch sorted
 * the whole queue) only left slots idle. Measured on the pipeline benchmark (4 slots): 152 → 160 mails/s
 * for 0.1 more statements per mail.
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
  private failing: Promise<void> = Promise.resolve();
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
   * Takes no new job and waits up to `timeoutMs` for the running ones. A job still running then stays
   * claimed in the database and is taken up again once its claim expires.
   */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([this.whenIdle(), timedOut]);
    clearTimeout(timer);
    await this.failing;
  }

  /** Whether a job is still running or a fetch under way (after a stop: one that outlived its wait). */
  get busy(): boolean {
    return this.running > 0 || this.fetching;
  }

  /** Resolves once no job runs and no fetch is under way, and the failed runs are handed back. */
  async whenIdle(): Promise<void> {
    while (this.busy) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    await this.failing;
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
    if (free <= 0) return;
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
    this.handle(job).catch((error: unknown) => {
      this.failing = this.failing.then(() => this.source.fail(job, error)).catch((failure: unknown) => this.options.onError(failure, 'fail'));
    }).finally(() => {
      this.running -= 1;
      this.notifyIdle();
      if (this.maybeMore) void this.fetchIntoFreeSlots();
    });
  }

  private notifyIdle(): void {
    if (this.running > 0 || this.fetching) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

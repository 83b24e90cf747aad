import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobDispatcher, type JobSource } from '../../../src/modules/mail/infra/queue/job-dispatcher.js';

/** A queue of numbered jobs in memory, recording every call the dispatcher makes. */
function aSource(waiting: number[]) {
  const calls: string[] = [];
  const failed: number[] = [];
  const source: JobSource<number> = {
    fetch: (count) => {
      const jobs = waiting.splice(0, count);
      calls.push(`fetch ${count} → ${jobs.length}`);
      return Promise.resolve(jobs);
    },
    fail: (job) => {
      calls.push(`fail ${job}`);
      failed.push(job);
      return Promise.resolve();
    },
  };
  return { source, calls, failed, waiting };
}

/** Jobs that finish when the test says so. */
function gatedHandler() {
  const running = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const handle = (job: number) => new Promise<void>((resolve, reject) => running.set(job, { resolve, reject }));
  const finish = async (job: number, error?: Error) => {
    const gate = running.get(job);
    running.delete(job);
    if (error) gate?.reject(error);
    else gate?.resolve();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { handle, finish, running };
}

const onError = () => undefined;

describe('the mail job dispatcher', () => {
  afterEach(() => vi.useRealTimers());

  it('fills every free slot with one fetch', async () => {
    vi.useFakeTimers();
    const { source, calls } = aSource([1, 2, 3, 4, 5, 6]);
    const { handle, running } = gatedHandler();
    new JobDispatcher(source, handle, { concurrency: 4, pollingMs: 1_000, onError }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['fetch 4 → 4']);
    expect([...running.keys()]).toEqual([1, 2, 3, 4]);
  });

  it('fills a slot as soon as it frees while more jobs may be waiting', async () => {
    vi.useFakeTimers();
    const { source, calls } = aSource([1, 2, 3, 4, 5, 6, 7, 8]);
    const { handle, finish, running } = gatedHandler();
    new JobDispatcher(source, handle, { concurrency: 4, pollingMs: 1_000, onError }).start();
    await vi.advanceTimersByTimeAsync(0);
    await finish(1);
    expect(calls).toEqual(['fetch 4 → 4', 'fetch 1 → 1']);
    await finish(2);
    expect(calls).toEqual(['fetch 4 → 4', 'fetch 1 → 1', 'fetch 1 → 1']);
    expect([...running.keys()]).toEqual([3, 4, 5, 6]);
  });

  it('fetches once for the slots that freed while a fetch was under way', async () => {
    vi.useFakeTimers();
    const waiting = [1, 2, 3, 4, 5, 6, 7, 8];
    const { source, calls } = aSource(waiting);
    let releaseFetch: () => void = () => undefined;
    const slowFetch: JobSource<number> = {
      ...source,
      fetch: async (count) => {
        if (calls.length === 1) await new Promise<void>((resolve) => (releaseFetch = resolve));
        return source.fetch(count);
      },
    };
    const { handle, finish } = gatedHandler();
    new JobDispatcher(slowFetch, handle, { concurrency: 4, pollingMs: 1_000, onError }).start();
    await vi.advanceTimersByTimeAsync(0);
    // The second fetch (for job 1's slot) is held up; jobs 2 and 3 end meanwhile.
    await finish(1);
    await finish(2);
    await finish(3);
    releaseFetch();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['fetch 4 → 4', 'fetch 1 → 1', 'fetch 2 → 2']);
  });

  it('with nothing waiting, looks again when woken or at the next poll, not in a loop', async () => {
    vi.useFakeTimers();
    const { source, calls, waiting } = aSource([]);
    const { handle, running } = gatedHandler();
    const dispatcher = new JobDispatcher(source, handle, { concurrency: 4, pollingMs: 1_000, onError });
    dispatcher.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toEqual(['fetch 4 → 0']);
    waiting.push(7);
    dispatcher.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect([...running.keys()]).toEqual([7]);
    waiting.push(8);
    await vi.advanceTimersByTimeAsync(1_000);
    expect([...running.keys()]).toEqual([7, 8]);
    expect(calls).toEqual(['fetch 4 → 0', 'fetch 4 → 1', 'fetch 3 → 1']);
  });

  it('hands back a job that threw, and only that one, to be tried again', async () => {
    vi.useFakeTimers();
    const { source, failed } = aSource([1, 2]);
    const { handle, finish } = gatedHandler();
    new JobDispatcher(source, handle, { concurrency: 2, pollingMs: 1_000, onError }).start();
    await vi.advanceTimersByTimeAsync(0);
    await finish(1, new Error('database gone'));
    await finish(2);
    expect(failed).toEqual([1]);
  });

  it('stops taking jobs and waits for the running ones (and a hand-back under way) before it resolves', async () => {
    vi.useFakeTimers();
    const { source, calls, failed } = aSource([1, 2, 3]);
    const { handle, finish } = gatedHandler();
    const dispatcher = new JobDispatcher(source, handle, { concurrency: 2, pollingMs: 1_000, onError });
    dispatcher.start();
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = dispatcher.stop(20_000).then(() => (stopped = true));
    await finish(1);
    expect(stopped).toBe(false);
    await finish(2, new Error('database gone'));
    await stopping;
    expect(failed).toEqual([2]);
    // Job 3 stays waiting in the database for the next start.
    expect(calls.filter((call) => call.startsWith('fetch'))).toEqual(['fetch 2 → 2']);
  });

  it('gives up waiting for a job that does not end by the stop timeout', async () => {
    vi.useFakeTimers();
    const { source } = aSource([1]);
    const { handle, running } = gatedHandler();
    const dispatcher = new JobDispatcher(source, handle, { concurrency: 1, pollingMs: 1_000, onError });
    dispatcher.start();
    await vi.advanceTimersByTimeAsync(0);
    const stopping = dispatcher.stop(5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(stopping).resolves.toBeUndefined();
    expect([...running.keys()]).toEqual([1]);
  });

  it('reports a failed fetch and tries again at the next poll', async () => {
    vi.useFakeTimers();
    const errors: string[] = [];
    let broken = true;
    const { source, waiting } = aSource([1]);
    const flaky: JobSource<number> = { ...source, fetch: (count) => (broken ? Promise.reject(new Error('connection refused')) : source.fetch(count)) };
    const { handle, running } = gatedHandler();
    new JobDispatcher(flaky, handle, { concurrency: 1, pollingMs: 1_000, onError: (error, context) => errors.push(`${context}: ${(error as Error).message}`) }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual(['fetch: connection refused']);
    broken = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect([...running.keys()]).toEqual([1]);
    expect(waiting).toEqual([]);
  });
});

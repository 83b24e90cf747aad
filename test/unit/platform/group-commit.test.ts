import { afterEach, describe, expect, it, vi } from 'vitest';
import { GroupCommit } from '../../../src/platform/db/group-commit.js';

/** A commit function that records its batches and finishes when the test says so. */
function recordingCommit(fail: (items: string[]) => boolean = () => false) {
  const batches: string[][] = [];
  const gates: (() => void)[] = [];
  const commit = async (items: string[]) => {
    batches.push(items);
    await new Promise<void>((resolve) => gates.push(resolve));
    if (fail(items)) throw new Error(`refused ${items.join(',')}`);
  };
  const release = async () => {
    // Let queued microtasks run, so the next commit has started before it is released.
    await new Promise((resolve) => setImmediate(resolve));
    gates.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, commit, release };
}

describe('group commit of received messages', () => {
  it('commits a lone message at once, on its own', async () => {
    const { batches, commit, release } = recordingCommit();
    const group = new GroupCommit(commit, 32);
    const done = group.submit('a');
    expect(batches).toEqual([['a']]);
    await release();
    await expect(done).resolves.toBeUndefined();
  });

  it('gathers the messages that arrive during a commit into the next one, and settles each after its own commit', async () => {
    const { batches, commit, release } = recordingCommit();
    const group = new GroupCommit(commit, 32);
    const settled: string[] = [];
    const submit = (item: string) => group.submit(item).then(() => settled.push(item));
    const all = [submit('a'), submit('b'), submit('c'), submit('d')];
    expect(batches).toEqual([['a']]);
    await release();
    expect(settled).toEqual(['a']);
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
    await release();
    await Promise.all(all);
    expect(settled).toEqual(['a', 'b', 'c', 'd']);
  });

  it('never puts more than the maximum into one commit', async () => {
    const { batches, commit, release } = recordingCommit();
    const group = new GroupCommit(commit, 2);
    const all = ['a', 'b', 'c', 'd', 'e'].map((item) => group.submit(item));
    for (let n = 0; n < 3; n += 1) await release();
    await Promise.all(all);
    expect(batches).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('retries a failed batch message by message, so only the bad one is refused', async () => {
    const { batches, commit, release } = recordingCommit((items) => items.includes('bad'));
    const group = new GroupCommit(commit, 32);
    const first = group.submit('a');
    const results = [group.submit('b'), group.submit('bad'), group.submit('c')].map((promise) => promise.then(() => 'stored', (error: Error) => error.message));
    for (let n = 0; n < 5; n += 1) await release();
    await first;
    expect(await Promise.all(results)).toEqual(['stored', 'refused bad', 'stored']);
    expect(batches).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });

  it('keeps working after a failed commit', async () => {
    const { commit, release } = recordingCommit((items) => items.includes('bad'));
    const group = new GroupCommit(commit, 32);
    const refused = expect(group.submit('bad')).rejects.toThrow('refused bad');
    await release();
    await refused;
    const later = group.submit('later');
    await release();
    await expect(later).resolves.toBeUndefined();
  });

  describe('with a gathering window (the embedded database)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('lets the first message after a quiet spell wait the window, and commits what arrived meanwhile with it', async () => {
      vi.useFakeTimers();
      const { batches, commit, release } = recordingCommit();
      const group = new GroupCommit(commit, 32, 1);
      const all = [group.submit('a'), group.submit('b')];
      expect(batches).toEqual([]);
      all.push(group.submit('c'));
      await vi.advanceTimersByTimeAsync(1);
      expect(batches).toEqual([['a', 'b', 'c']]);
      vi.useRealTimers();
      await release();
      await Promise.all(all);
    });

    it('does not wait again while busy: what queued during a commit goes next, at once', async () => {
      vi.useFakeTimers();
      const { batches, commit, release } = recordingCommit();
      const group = new GroupCommit(commit, 32, 1);
      const first = group.submit('a');
      await vi.advanceTimersByTimeAsync(1);
      const later = [group.submit('b'), group.submit('c')];
      vi.useRealTimers();
      await release();
      expect(batches).toEqual([['a'], ['b', 'c']]);
      await release();
      await Promise.all([first, ...later]);
    });
  });
});

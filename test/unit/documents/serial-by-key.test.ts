import { describe, expect, it } from 'vitest';
import { SerialByKey } from '../../../src/modules/documents/infra/serial-by-key.js';

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('SerialByKey', () => {
  it('runs the tasks of one key one after the other, in order, and those of other keys meanwhile', async () => {
    const serial = new SerialByKey();
    const log: string[] = [];
    const first = gate();
    const a1 = serial.run('doc-a', async () => {
      log.push('a1 start');
      await first.opened;
      log.push('a1 end');
    });
    const a2 = serial.run('doc-a', () => Promise.resolve(void log.push('a2')));
    await serial.run('doc-b', () => Promise.resolve(void log.push('b1')));
    expect(log).toEqual(['a1 start', 'b1']);
    first.open();
    await Promise.all([a1, a2]);
    expect(log).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
  });

  it('runs the next task of a key after one that failed, and gives each caller its own outcome', async () => {
    const serial = new SerialByKey();
    const failed = serial.run('doc-a', () => Promise.reject(new Error('refused')));
    const next = serial.run('doc-a', () => Promise.resolve('written'));
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('written');
  });
});

import { describe, expect, it } from 'vitest';
import { testSuiteSection } from '../../bench/tests/test-suite.section.js';

const row = (seconds: number) => testSuiteSection({ seconds, files: 297, tests: 3_014, failed: 0 }).at(-1) ?? '';

describe("the benchmark page's test-suite row", () => {
  it('writes the time in whole minutes and seconds, rounding 59.6 s up into the next minute', () => {
    expect(row(299.6)).toContain('| 5 min 0 s |');
    expect(row(169.4)).toContain('| 2 min 49 s |');
    expect(row(59.5)).toContain('| 1 min 0 s |');
  });

  it('says the 3-minute target is met or missed', () => {
    expect(row(179)).toContain('met');
    expect(row(299.6)).toContain('**missed** (≤ 3 min)');
  });
});

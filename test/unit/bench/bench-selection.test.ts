import { describe, expect, it } from 'vitest';
import { BENCHMARKS, selectedBenchmarks } from '../../bench/bench-selection.js';

describe('BENCH_ONLY', () => {
  it('runs every benchmark when unset', () => {
    expect([...selectedBenchmarks(undefined)]).toEqual([...BENCHMARKS]);
  });

  it('picks the named benchmarks, spaces and empty parts ignored', () => {
    expect([...selectedBenchmarks(' tests, attachments,')]).toEqual(['tests', 'attachments']);
  });

  it('refuses a name that is no benchmark, listing the names, instead of running nothing', () => {
    expect(() => selectedBenchmarks('tests,attachmnets')).toThrow('BENCH_ONLY names no benchmark called "attachmnets": choose from intake, pipeline, google, relay, api, web, install, start, text, attachments, tests, summaries');
    expect(() => selectedBenchmarks(' , ')).toThrow('BENCH_ONLY names no benchmark: choose from');
  });
});

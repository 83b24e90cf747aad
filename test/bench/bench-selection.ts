/** Every benchmark of `npm run bench` by name, in the order it runs them. */
export const BENCHMARKS = ['intake', 'pipeline', 'google', 'relay', 'api', 'web', 'install', 'start', 'text', 'attachments', 'tests', 'summaries'] as const;

export type BenchmarkName = (typeof BENCHMARKS)[number];

/**
 * The benchmarks BENCH_ONLY names (comma-separated), or all of them when it is unset. A name that is not a
 * benchmark is refused with the list, rather than quietly running nothing.
 */
export function selectedBenchmarks(value: string | undefined): Set<BenchmarkName> {
  if (value === undefined) return new Set(BENCHMARKS);
  const names = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const unknown = names.filter((name) => !(BENCHMARKS as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new Error(`BENCH_ONLY names ${unknown.length > 0 ? `no benchmark called ${unknown.map((name) => `"${name}"`).join(', ')}` : 'no benchmark'}: choose from ${BENCHMARKS.join(', ')}`);
  }
  return new Set(names as BenchmarkName[]);
}

// The benchmark page's test-suite section, apart from the other sections so a unit test can import it
// without loading the benchmarks themselves.
import { fixed, verdict } from '../report/format.js';
import { TEST_SUITE_TARGET_SECONDS, type TestSuiteTime } from './test-suite.bench.js';

export function testSuiteSection(time: TestSuiteTime): string[] {
  // Rounded to the second first: 299.6 s is 5 min 0 s, not 4 min 60 s.
  const seconds = Math.round(time.seconds);
  const minutes = `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return [
    '## Test suite',
    '',
    '`npm test` (the server and web projects) on the embedded database, as a newcomer runs it; CI also points',
    '`TEST_DATABASE_URL` at Postgres, which runs every database test a second time. No test asserts on time.',
    '',
    '| files | tests | failed | time | target |',
    '|---:|---:|---:|---:|---|',
    `| ${fixed(time.files)} | ${fixed(time.tests)} | ${fixed(time.failed)} | ${minutes} | ${verdict(time.seconds <= TEST_SUITE_TARGET_SECONDS && time.failed === 0)} (≤ ${TEST_SUITE_TARGET_SECONDS / 60} min) |`,
  ];
}

/**
 * `npm run bench`: every benchmark of the product in one run, written to docs/benchmarks.md with the
 * machine it ran on and each target's verdict. Postgres runs too when TEST_DATABASE_URL is set.
 * BENCH_ONLY=intake,pipeline,… (the names in bench-selection.ts) runs a subset and prints it without touching the docs;
 * with BENCH_WRITE_SECTIONS=1 too, those sections replace theirs in docs/benchmarks.md, marked as measured alone.
 *
 * Here the runs; what the report says of them is in report/ (sections.ts, targets.ts, page.ts).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiBenchmark, callsBelowShare, type ApiBenchResult } from './api.bench.js';
import { selectedBenchmarks } from './bench-selection.js';
import { describeMachine } from './machine.js';
import { replaceSections } from './support/report-sections.js';
import { benchDatabaseKinds, type DatabaseKind } from './support/bench-database.js';
import { durableIntake, rawIntake } from './mail/intake.bench.js';
import { pipelineBenchmark, splitRolesBenchmark, type PipelineResult } from './mail/pipeline.bench.js';
import { googleLimitsBenchmark, type GoogleLimitsRow } from './mail/google-limits.bench.js';
import { googleLimitsSection } from './mail/google-limits.section.js';
import { postfixRelayLoad } from './mail/postfix-relay.bench.js';
import { bundleSizes } from './web/bundle-sizes.bench.js';
import { FIRST_START_TARGET, firstStart } from './start/first-start.bench.js';
import { INSTALL_TARGET_BYTES, installSize } from './install/install-size.bench.js';
import { HOSTILE_TEXT_TARGET_MS, hostileTextBenchmark } from './text/hostile-text.bench.js';
import { TEST_SUITE_TARGET_SECONDS, testSuiteTime } from './tests/test-suite.bench.js';
import { testSuiteSection } from './tests/test-suite.section.js';
import { attachmentExtractionBenchmark } from './attachments/attachment-extraction.bench.js';
import { benchmarksPage } from './report/page.js';
import {
  apiSection,
  attachmentsSection,
  firstStartSection,
  hostileTextSection,
  installSection,
  intakeSection,
  pipelineSection,
  relaySection,
  webSection,
} from './report/sections.js';
import { fixed } from './report/format.js';
import { capacityMissed, intakeMissed, TARGET, WHY_MISSED, type IntakeResult } from './report/targets.js';
import { summaryQualitySection } from '../eval/benchmarks-section.js';
import { runSummaryEval } from '../eval/summary-eval.js';

// Long enough that a round lasts a second or more: at 400 the bare listener's round took a quarter of a
// second and its rate moved by half from one round to the next.
const INTAKE_MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2_000);
const INTAKE_ROUNDS = 3;
const REPORT = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
const WEB_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));

const only = (() => {
  try {
    return selectedBenchmarks(process.env.BENCH_ONLY);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
})();
const kinds = benchDatabaseKinds();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function log(message: string): void {
  console.error(`[bench] ${message}`);
}

/** Bare and durable intake alternate, so a slow moment of the machine hits both; medians are kept. */
async function intake(): Promise<IntakeResult> {
  const raw: number[] = [];
  const ours = new Map<DatabaseKind, number[]>(kinds.map((kind) => [kind, []]));
  for (let round = 1; round <= INTAKE_ROUNDS; round += 1) {
    raw.push(await rawIntake(INTAKE_MESSAGES));
    for (const kind of kinds) ours.get(kind)?.push(await durableIntake(kind, INTAKE_MESSAGES));
    log(`intake round ${round}: bare ${fixed(raw.at(-1) ?? 0)} msg/s, ${kinds.map((kind) => `${kind} ${fixed(ours.get(kind)?.at(-1) ?? 0)}`).join(', ')}`);
  }
  const medians = Object.fromEntries([...ours].map(([kind, values]) => [kind, median(values)]));
  return { raw: median(raw), ours: medians, messages: INTAKE_MESSAGES, rounds: INTAKE_ROUNDS };
}

async function main(): Promise<void> {
  const sections: string[][] = [];
  const missed: string[] = [];
  if (only.has('intake')) {
    const result = await intake();
    sections.push(intakeSection(result));
    if (intakeMissed(result)) missed.push(WHY_MISSED.intake);
  }
  if (only.has('pipeline')) {
    const results: PipelineResult[] = [];
    for (const kind of kinds) {
      results.push(await pipelineBenchmark(kind));
      log(`pipeline ${kind} done`);
    }
    const postgres = results.find((result) => result.kind === 'postgres');
    const split = postgres ? await splitRolesBenchmark({ rate: postgres.steady.rate }) : null;
    if (split) log('pipeline split roles done');
    sections.push(pipelineSection(results, split));
    if (results.some((result) => result.steady.p99Ms > TARGET.pipelineP99Ms) || (split && split.steady.p99Ms > TARGET.pipelineP99Ms)) missed.push(WHY_MISSED.pipeline);
    if (results.some(capacityMissed)) missed.push(WHY_MISSED.capacity);
  }
  if (only.has('google')) {
    // On one database, Postgres when there is one: these rows are paced by Google's minute, not the database.
    const kind = kinds.at(-1) ?? 'pglite';
    const rows: GoogleLimitsRow[] = [];
    for (const shape of [{ mails: 500, users: 1 }, { mails: 2_000, users: 40 }]) {
      rows.push(await googleLimitsBenchmark(kind, shape));
      log(`google ${shape.mails} mails, ${shape.users} users done`);
    }
    sections.push(googleLimitsSection(rows));
  }
  if (only.has('relay')) {
    sections.push(relaySection(await postfixRelayLoad()));
    log('postfix relay done');
  }
  if (only.has('api')) {
    const results: ApiBenchResult[] = [];
    for (const kind of kinds) {
      results.push(await apiBenchmark(kind));
      log(`api ${kind} done`);
    }
    sections.push(apiSection(results));
    if (results.some((result) => result.kind === 'postgres' && callsBelowShare(result).length > 0)) missed.push(WHY_MISSED.api);
  }
  if (only.has('web')) sections.push(webSection(await bundleSizes(WEB_DIR)));
  if (only.has('install')) {
    const size = installSize();
    sections.push(installSection(size));
    if (size.totalBytes > INSTALL_TARGET_BYTES) missed.push(WHY_MISSED.install);
  }
  if (only.has('start')) {
    const start = await firstStart();
    sections.push(firstStartSection(start));
    if (start.serverBuildMs > FIRST_START_TARGET.serverBuildMs || start.wholeMs > FIRST_START_TARGET.wholeMs) missed.push(WHY_MISSED.start);
  }
  if (only.has('text')) {
    const rows = hostileTextBenchmark();
    sections.push(hostileTextSection(rows));
    if (rows.some((row) => row.ms > HOSTILE_TEXT_TARGET_MS)) missed.push(WHY_MISSED.text);
  }
  if (only.has('attachments')) sections.push(attachmentsSection(await attachmentExtractionBenchmark()));
  if (only.has('tests')) {
    log('npm test');
    const time = await testSuiteTime();
    sections.push(testSuiteSection(time));
    if (time.seconds > TEST_SUITE_TARGET_SECONDS || time.failed > 0) missed.push(WHY_MISSED.tests);
  }
  if (only.has('summaries')) sections.push(summaryQualitySection(await runSummaryEval()));

  if (missed.length > 0) sections.push(['## Targets missed, and what would close them', '', missed.join('\n\n')]);
  const body = sections.map((section) => section.join('\n')).join('\n\n');
  if (process.env.BENCH_ONLY) {
    console.log(body);
    if (process.env.BENCH_WRITE_SECTIONS === '1') {
      const [date = '', cpu = ''] = await describeMachine();
      replaceSections(REPORT, sections, `Measured alone (BENCH_ONLY): ${date.replace(/^- Date: /, '')}; ${cpu.replace(/^- CPU: /, '')}.`);
    }
    return;
  }
  const report = benchmarksPage(await describeMachine(), body);
  writeFileSync(REPORT, `${report}\n`);
  console.log(report);
}

await main();

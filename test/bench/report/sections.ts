/** The sections of docs/benchmarks.md that `npm run bench` (run.ts) writes: each benchmark's results in Markdown. */
import { apiBenchTable, type ApiBenchResult } from '../support/api-report.js';
import { INTAKE_CONNECTIONS } from '../mail/intake.bench.js';
import type { PipelineResult, SplitRolesResult } from '../mail/pipeline.bench.js';
import type { RelayLoadResult } from '../mail/postfix-relay.bench.js';
import { MAIL_BODY } from '../mail/mail-fixture.js';
import type { BundleSizes } from '../web/bundle-sizes.bench.js';
import { FIRST_START_TARGET, type FirstStart } from '../start/first-start.bench.js';
import { INSTALL_TARGET_BYTES, type InstallSize } from '../install/install-size.bench.js';
import { HOSTILE_TEXT_TARGET_MS, type HostileTextRow } from '../text/hostile-text.bench.js';
import type { ExtractionRow, HostileRow } from '../attachments/attachment-extraction.bench.js';
import { fixed, kb, verdict } from './format.js';
import { capacityMissed, intakeTarget, TARGET, type IntakeResult } from './targets.js';

export function intakeSection(result: IntakeResult): string[] {
  const lines = [
    '## SMTP intake',
    '',
    `${result.messages} messages of ${MAIL_BODY.length} characters over ${INTAKE_CONNECTIONS} connections, median of ${result.rounds} alternating rounds.`,
    'The bare server is smtp-server parsing each message with mailparser and keeping nothing; Mailscribe answers 250 only',
    'after the message is committed to the database, due for processing (it parses in the worker, not here). Which',
    'document a recipient leads to is read once per address and kept in the process (`DOCUMENT_CACHE_SECONDS`).',
    '',
    '| server | messages/s | of bare | target |',
    '|---|---:|---:|---|',
    `| bare smtp-server + mailparser | ${fixed(result.raw)} | 100% | |`,
  ];
  for (const [kind, perSecond] of Object.entries(result.ours)) {
    const ratio = perSecond / result.raw;
    lines.push(`| Mailscribe, durable commit (${kind}) | ${fixed(perSecond)} | ${fixed(ratio * 100)}% | ≥ ${fixed(intakeTarget(kind) * 100)}%: ${verdict(ratio >= intakeTarget(kind))} |`);
  }
  return lines;
}

export function pipelineSection(results: PipelineResult[], split: SplitRolesResult | null): string[] {
  const lines = [
    '## Mail pipeline',
    '',
    'From the 250 to the summary written in the document, with a zero-latency model and document store, so the',
    'numbers are the app\'s own cost: parsing (in a worker thread), sender checks, the token reservation and',
    'settlement, and the queue. Capacity is a burst drained as fast as the workers go; latency is measured at a',
    'steady rate of half that capacity, where the queue does not back up.',
    '',
    `| database | workers | capacity (burst) | target ≥ ${TARGET.pipelineMailsPerSecond} mails/s (Postgres) | steady rate | p50 | p99 | max | target p99 ≤ 250 ms |`,
    '|---|---:|---:|---|---:|---:|---:|---:|---|',
  ];
  for (const result of results) {
    const { steady } = result;
    const capacity = result.kind === 'postgres' ? verdict(!capacityMissed(result)) : '';
    lines.push(
      `| ${result.kind} | ${result.workers} | ${fixed(result.burst.mailsPerSecond, 1)} mails/s | ${capacity} | ${steady.rate} mails/s | ${fixed(steady.p50Ms)} ms | ${fixed(steady.p99Ms)} ms | ${fixed(steady.maxMs)} ms | ${verdict(steady.p99Ms <= TARGET.pipelineP99Ms)} |`,
    );
  }
  if (split) {
    const { steady } = split;
    lines.push(
      '',
      `Split roles (the scale-out shape): SMTP in one runtime, ${split.workers} workers in a second one with its own connections`,
      `and notification bus, on one Postgres; workers poll every ${split.pollingSeconds} s (the default) and are woken by`,
      'LISTEN/NOTIFY at the intake commit.',
      '',
      '| database | workers | steady rate | p50 | p99 | max | target p99 ≤ 250 ms |',
      '|---|---:|---:|---:|---:|---:|---|',
      `| postgres, split roles | ${split.workers} | ${steady.rate} mails/s | ${fixed(steady.p50Ms)} ms | ${fixed(steady.p99Ms)} ms | ${fixed(steady.maxMs)} ms | ${verdict(steady.p99Ms <= TARGET.pipelineP99Ms)} |`,
    );
  }
  return lines;
}

export function relaySection(result: RelayLoadResult | null): string[] {
  const lines = [
    '## Postfix relay',
    '',
    'A real Postfix (Debian\'s package) in front of the listener, as docs/operations.md sets it up: clients on loopback',
    'addresses of their own send as fast as the relay takes them; the relay asks the listener for every recipient',
    'first, then delivers. Time is from the first mail sent to the last one committed by the app (embedded database).',
    '',
  ];
  if (!result) return [...lines, 'Not measured: this machine has no /usr/sbin/postfix, or the run is not root (the Postfix master must be).'];
  const clean = result.stored === result.mails && result.deferred === 0 && result.refused421 === 0 && result.rejectedBySender === 0;
  return [
    ...lines,
    '| mails | clients | time | committed | deferred | deferred with 421 | refused to the sender | target |',
    '|---:|---:|---:|---:|---:|---:|---:|---|',
    `| ${fixed(result.mails)} | ${result.clients} | ${fixed(result.seconds, 1)} s | ${fixed(result.stored)} | ${result.deferred} | ${result.refused421} | ${result.rejectedBySender} | every mail, none deferred: ${verdict(clean)} |`,
  ];
}

export function apiSection(results: ApiBenchResult[]): string[] {
  const first = results[0];
  return [
    '## HTTP API',
    '',
    first
      ? `autocannon with ${first.connections} connections, ${first.durationSeconds} s per call after a warm-up; one user with ${fixed(first.documents)} documents and ${fixed(first.mails)} received mails (${fixed(first.hotDocumentMails)} of them on the document the details and first received-mails calls ask for) and ${fixed(first.ledgerEntries)} ledger entries.`
      : '',
    'Each request carries a session and `Accept-Encoding: br, gzip`, as the app\'s do in a browser: answers over 1 kB',
    'travel compressed. The unpaged list (every document at once, as older callers read it) is served from',
    'bytes kept and compressed between two changes of the owner\'s documents; it is reported, the app asks pages.',
    '"Saturated": each connection sends its next request as soon as the last one is answered, so the server is',
    'always busy and latency is about connections ÷ throughput. "Steady": the same 50 connections at half the',
    'saturated throughput, which is what one request costs when the server keeps up. "Of /healthz": the call\'s',
    'saturated throughput as a share of `/healthz` in the same run (no database, no session: the most one process',
    'answers here; measured first and again last, the better kept); the targets hold on Postgres, PGlite is reported',
    'beside it.',
    '',
    apiBenchTable(results),
  ];
}

const mb = (bytes: number) => `${fixed(bytes / (1024 * 1024), 1)} MB`;

export function installSection(size: InstallSize): string[] {
  return [
    '## Production install',
    '',
    '`node_modules` of `npm ci --omit=dev` from the lockfile, as the Dockerfile installs it: the sum of its file sizes (`du` counts disk blocks and shows more).',
    '',
    '| what | size | target |',
    '|---|---:|---|',
    `| production \`node_modules\` | ${mb(size.totalBytes)} | ${verdict(size.totalBytes <= INSTALL_TARGET_BYTES)} (≤ ${mb(INSTALL_TARGET_BYTES)}) |`,
    ...size.largest.map((entry) => `| of which \`${entry.name}\` | ${mb(entry.bytes)} | |`),
  ];
}

const seconds = (ms: number) => `${fixed(ms / 1000, 1)} s`;

export function firstStartSection(start: FirstStart): string[] {
  return [
    '## First start',
    '',
    'What the first `npm start` of a fresh clone does after `npm install`: build the web app, build the server, start on',
    'the embedded defaults (a new embedded database, migrated) until `/readyz` answers.',
    '',
    '| step | time | target |',
    '|---|---:|---|',
    `| web build (Vite, with .br and .gz) | ${seconds(start.webBuildMs)} | |`,
    `| server build (esbuild) | ${seconds(start.serverBuildMs)} | ${verdict(start.serverBuildMs <= FIRST_START_TARGET.serverBuildMs)} (≤ ${seconds(FIRST_START_TARGET.serverBuildMs)}) |`,
    `| start until ready | ${seconds(start.bootMs)} | |`,
    `| whole first start | ${seconds(start.wholeMs)} | ${verdict(start.wholeMs <= FIRST_START_TARGET.wholeMs)} (≤ ${seconds(FIRST_START_TARGET.wholeMs)}) |`,
  ];
}

export function hostileTextSection(rows: HostileTextRow[]): string[] {
  return [
    '## Hostile text',
    '',
    'Pathological input through the text steps every mail meets (mail HTML to text; the summary\'s safety net to plain',
    'text; the redaction of secret codes) and the Markdown attachment reader. A pattern that backtracks would cost',
    `seconds; the target is ${HOSTILE_TEXT_TARGET_MS} ms an input.`,
    '',
    '| converter | input | ms | target |',
    '|---|---|---:|---|',
    ...rows.map((row) => `| ${row.converter} | ${row.input} | ${fixed(row.ms, 1)} | ${verdict(row.ms <= HOSTILE_TEXT_TARGET_MS)} |`),
  ];
}

export function attachmentsSection(result: { rows: ExtractionRow[]; hostile: HostileRow[] }): string[] {
  return [
    '## Attachment reading',
    '',
    'Each file read in a fresh child process, as the reader reads a mail\'s files (docs/attachments.md): the time',
    'includes loading the library in that process; memory is the process\'s peak (max RSS) and what the file added to',
    'it. Median of three runs. Then the hostile files through the sandboxed reader itself (per-file deadline 15 s,',
    'memory cap 512 MB): the time until each is refused, child start-up included.',
    '',
    '| file | time | per page or file | peak memory | added by the file |',
    '|---|---:|---:|---:|---:|',
    ...result.rows.map((row) => `| ${row.file} | ${fixed(row.ms)} ms | ${row.perUnitMs === null ? '' : `${fixed(row.perUnitMs, 1)} ms a ${row.unit}`} | ${fixed(row.peakMb)} MB | ${fixed(row.addedMb)} MB |`),
    '',
    '| hostile file | verdict | time to verdict |',
    '|---|---|---:|',
    ...result.hostile.map((row) => `| ${row.file} | not read: ${row.reason} | ${fixed(row.ms)} ms |`),
  ];
}

export function webSection(sizes: BundleSizes): string[] {
  return [
    '## Bytes on the wire',
    '',
    'What each route makes a browser download, in bytes as the server sends them (`Accept-Encoding: br, gzip`:',
    'the Brotli files the build writes beside each file), fetched from the real HTTP app. Each row counts only what',
    'the route adds to the one above it; API answers are not counted (they are compressed too when over 1 kB).',
    '',
    '| route | sent | of which scripts | note |',
    '|---|---:|---:|---|',
    `| first visit to the landing page (HTML, scripts, stylesheets, icon) | ${kb(sizes.landing.sent)} | ${kb(sizes.landing.scripts)} | budget ${kb(sizes.landingBudget)}, enforced by \`npm run check:size\` in CI: ${verdict(sizes.landing.sent <= sizes.landingBudget)} |`,
    `| signed-in app shell (router, dashboard, documents) | ${kb(sizes.appShell.sent)} | ${kb(sizes.appShell.scripts)} | loaded when a visitor moves on |`,
    `| usage route, on top of the shell | ${kb(sizes.usageRoute.sent)} | ${kb(sizes.usageRoute.scripts)} | of which the chart library ${kb(sizes.chartLibrarySent)}, loaded only there |`,
  ];
}


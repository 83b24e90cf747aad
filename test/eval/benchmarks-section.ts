import { readFileSync, writeFileSync } from 'node:fs';
import { formatKindTable, type SummaryReport } from './summary-eval.js';

/** Bounds of the generated section in docs/benchmarks.md, so `eval:summaries -- --docs` can replace it alone. */
const START = '<!-- summary-quality:start -->';
const END = '<!-- summary-quality:end -->';

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The summary-quality section of docs/benchmarks.md: the corpus through the real pipeline, totals and per kind of mail. */
export function summaryQualitySection(report: SummaryReport): string[] {
  const { totals } = report;
  const all = (count: number) => `${count} / ${totals.mails}`;
  return [
    START,
    '## Summary quality',
    '',
    `The labelled corpus of \`test/fixtures/mail/\` (${totals.mails} mails: forwards from each mail client, attachments,`,
    'receipts, invoices, invitations, bookings, notifications, security notices, bounces, newsletters, threads, short,',
    'non-English and hostile mail) through the real pipeline on the embedded defaults (SMTP, parser, attachment reader,',
    'offline summariser, local documents), by `npm run eval:summaries`.',
    'Its numbers do not depend on the machine.',
    '',
    '| measure | result | bar |',
    '|---|---|---|',
    `| mails with the expected status | ${all(totals.statusOk)} | all |`,
    `| fact recall | ${percent(totals.factRecall)} (${totals.factsFound} / ${totals.factsTotal}) | ≥ 95% |`,
    `| leaks (URLs, footers, calendar boilerplate, quoted history, AI notes, repeated action items) | ${totals.leaks} | 0 |`,
    `| heading right (block and row) | ${all(totals.headingOk)} | all |`,
    `| sender right (block, row, "Forwarded by") | ${all(totals.senderOk)} | all |`,
    `| tokens per mail | mean ${totals.tokens.mean.toFixed(2)}, max ${totals.tokens.max}, total ${totals.tokens.total} | |`,
    ...(totals.largest ? [`| largest mail (${totals.largest.id}, ${(totals.largest.bytes / 1_000_000).toFixed(2)} MB) | ${totals.largest.tokens} token${totals.largest.tokens === 1 ? '' : 's'} | charged for what is summarised |`] : []),
    '',
    'Per kind of mail (the kind is the label\'s `group`, else its id\'s prefix; "bar" is whether the kind alone meets it):',
    '',
    ...formatKindTable(report),
    '',
    `Verdict: ${report.passed ? 'met' : '**missed**'}.`,
    END,
  ];
}

/** Replaces the section in the report file (or puts it before "## Running them" the first time). */
export function writeSummaryQualitySection(reportFile: string, report: SummaryReport): void {
  const current = readFileSync(reportFile, 'utf8');
  const section = summaryQualitySection(report).join('\n');
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${section}${current.slice(end + END.length)}`
      : current.replace('## Running them', `${section}\n\n## Running them`);
  writeFileSync(reportFile, next);
}

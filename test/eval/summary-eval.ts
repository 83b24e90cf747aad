/**
 * The summary eval: every labelled mail of test/fixtures/mail through the real pipeline on the
 * embedded defaults (SMTP in, worker, offline summariser, local document store), then scored on fact
 * recall, leaks, heading and sender, and cost. Used by `npm run eval:summaries` and by the acceptance
 * test; it imports no test framework.
 */
import { headerFromAddress, loadCorpus, type CorpusCase } from './corpus.js';
import { EvalApp, type ReceivedMailRow, type StoredBlock } from './eval-app.js';
import { scoreCase, type CaseScore } from './scoring.js';

/** The acceptance bar of the product (issue 11). */
export const BAR = { factRecall: 0.95 } as const;

export interface CaseResult extends CaseScore {
  id: string;
  title: string;
  bytes: number;
  expectedStatus: string;
  row: ReceivedMailRow | null;
  block: StoredBlock | null;
}

export interface SummaryReport {
  cases: CaseResult[];
  totals: {
    mails: number;
    statusOk: number;
    factsFound: number;
    factsTotal: number;
    factRecall: number;
    leaks: number;
    headingOk: number;
    senderOk: number;
    tokens: { total: number; mean: number; max: number };
    /** The largest mail of the corpus (the pasted log dump) and what it cost. */
    largest: { id: string; bytes: number; tokens: number } | null;
  };
  passed: boolean;
}

export interface SummaryEvalOptions {
  /** A corpus directory other than test/fixtures/mail. */
  dir?: string;
  /** Only these case ids. */
  only?: string[];
  /** How long to wait for the last mail to settle before scoring what is there. */
  settleMs?: number;
}

/** One case; an error (the app refusing the mail, a crash) is scored as a failed case, not a failed run. */
async function runCase(app: EvalApp, corpusCase: CorpusCase, deadline: number): Promise<CaseResult> {
  try {
    return await sendAndScore(app, corpusCase, deadline);
  } catch (error) {
    const score = scoreCase(corpusCase.label, null, []);
    score.problems.unshift(`error: ${error instanceof Error ? error.message : String(error)}`);
    return { id: corpusCase.id, title: corpusCase.label.title, bytes: corpusCase.raw.length, expectedStatus: corpusCase.label.expect.status, row: null, block: null, ...score };
  }
}

async function sendAndScore(app: EvalApp, corpusCase: CorpusCase, deadline: number): Promise<CaseResult> {
  const { label } = corpusCase;
  const doc = await app.createDocument({ name: corpusCase.id, allowedEmails: label.allowedEmails, description: label.description });
  await app.sendRaw({ envelopeFrom: headerFromAddress(corpusCase.raw), to: doc.forwardEmail, raw: corpusCase.raw });
  const row = await app.settledMail(doc.documentId, deadline);
  const blocks = await app.blocks(doc.googleDocumentId);
  const score = scoreCase(label, row, blocks);
  if (!row) score.problems.unshift('no received-mail row');
  return { id: corpusCase.id, title: label.title, bytes: corpusCase.raw.length, expectedStatus: label.expect.status, row, block: blocks[0] ?? null, ...score };
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of the results. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}

export function summarise(cases: CaseResult[]): SummaryReport {
  const count = (pick: (result: CaseResult) => boolean) => cases.filter(pick).length;
  const tokens = cases.map((result) => result.row?.usedTokens ?? 0);
  const total = tokens.reduce((sum, value) => sum + value, 0);
  const factsFound = cases.reduce((sum, result) => sum + result.factsFound, 0);
  const factsTotal = cases.reduce((sum, result) => sum + result.factsTotal, 0);
  const largest = [...cases].sort((a, b) => b.bytes - a.bytes)[0];
  const totals = {
    mails: cases.length,
    statusOk: count((result) => result.statusOk),
    factsFound,
    factsTotal,
    factRecall: factsTotal === 0 ? 1 : factsFound / factsTotal,
    leaks: cases.reduce((sum, result) => sum + result.leaks.length, 0),
    headingOk: count((result) => result.headingOk),
    senderOk: count((result) => result.senderOk),
    tokens: { total, mean: cases.length === 0 ? 0 : total / cases.length, max: Math.max(0, ...tokens) },
    largest: largest ? { id: largest.id, bytes: largest.bytes, tokens: largest.row?.usedTokens ?? 0 } : null,
  };
  const passed =
    cases.length > 0 &&
    totals.factRecall >= BAR.factRecall &&
    totals.leaks === 0 &&
    totals.statusOk === cases.length &&
    totals.headingOk === cases.length &&
    totals.senderOk === cases.length;
  return { cases, totals, passed };
}

export async function runSummaryEval(options: SummaryEvalOptions = {}): Promise<SummaryReport> {
  const only = options.only && options.only.length > 0 ? new Set(options.only) : null;
  const corpus = loadCorpus(options.dir).filter((corpusCase) => !only || only.has(corpusCase.id));
  const app = await EvalApp.start();
  try {
    const deadline = Date.now() + (options.settleMs ?? 180_000);
    return summarise(await inBatches(corpus, 4, (corpusCase) => runCase(app, corpusCase, deadline)));
  } finally {
    await app.close();
  }
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const mark = (ok: boolean) => (ok ? 'ok' : '**no**');
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

export function formatSummaryReport(report: SummaryReport): string {
  const { totals } = report;
  const lines = [
    '| case | status (expected) | facts | leaks | heading | sender | tokens |',
    '|---|---|---:|---:|---|---|---:|',
    ...report.cases.map((result) =>
      [
        '',
        cell(result.id),
        `${result.statusOk ? '' : '**'}${result.row?.status ?? 'none'}${result.statusOk ? '' : '**'} (${result.expectedStatus})`,
        result.factsTotal === 0 ? '–' : `${result.factsFound}/${result.factsTotal}`,
        String(result.leaks.length),
        mark(result.headingOk),
        mark(result.senderOk),
        String(result.row?.usedTokens ?? 0),
        '',
      ].join(' | ').trim(),
    ),
    '',
    '| measure | result | bar |',
    '|---|---|---|',
    `| mails with the expected status | ${totals.statusOk} / ${totals.mails} | all |`,
    `| fact recall | ${percent(totals.factRecall)} (${totals.factsFound} / ${totals.factsTotal}) | ≥ ${percent(BAR.factRecall)} |`,
    `| leaks | ${totals.leaks} | 0 |`,
    `| heading right | ${totals.headingOk} / ${totals.mails} | all |`,
    `| sender right | ${totals.senderOk} / ${totals.mails} | all |`,
    `| tokens per mail | mean ${totals.tokens.mean.toFixed(2)}, max ${totals.tokens.max}, total ${totals.tokens.total} | |`,
    totals.largest ? `| largest mail (${cell(totals.largest.id)}, ${(totals.largest.bytes / 1_000_000).toFixed(2)} MB) | ${totals.largest.tokens} tokens | |` : '',
    '',
    `**${report.passed ? 'Bar met' : 'Bar missed'}.**`,
  ];
  const failures = report.cases.filter((result) => result.missedFacts.length > 0 || result.leaks.length > 0 || result.problems.length > 0);
  if (failures.length > 0) {
    lines.push('', 'Failures:', '');
    for (const result of failures) {
      const parts = [
        ...result.problems,
        ...(result.missedFacts.length > 0 ? [`missed ${result.missedFacts.map((fact) => `"${fact}"`).join(', ')}`] : []),
        ...(result.leaks.length > 0 ? [`leaks ${result.leaks.join(', ')}`] : []),
      ];
      lines.push(`- ${result.id}: ${parts.join('; ')}`);
    }
  }
  return lines.filter((line, index, all) => !(line === '' && all[index - 1] === '')).join('\n');
}

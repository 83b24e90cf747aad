/**
 * The summary eval: every labelled mail of test/fixtures/mail through the real pipeline on the
 * embedded defaults (SMTP in, worker, offline summariser, local document store), then scored on fact
 * recall, leaks, heading and sender, and cost. Used by `npm run eval:summaries` and by the acceptance
 * test; it imports no test framework.
 */
import { caseKind, headerFromAddress, KINDS, loadCorpus, type CorpusCase } from './corpus.js';
import { EvalApp, type ReceivedMailRow, type StoredBlock } from './eval-app.js';
import { scoreCase, type CaseScore } from './scoring.js';

/** The acceptance bar of the product (issue 11). */
export const BAR = { factRecall: 0.95 } as const;

export interface CaseResult extends CaseScore {
  id: string;
  /** What kind of mail it is (forward, attachment, security…): the report has a row per kind. */
  kind: string;
  title: string;
  bytes: number;
  expectedStatus: string;
  row: ReceivedMailRow | null;
  block: StoredBlock | null;
}

/** The measures of a set of cases: the whole corpus, or one kind of mail. */
export interface Measures {
  mails: number;
  statusOk: number;
  factsFound: number;
  factsTotal: number;
  factRecall: number;
  leaks: number;
  headingOk: number;
  senderOk: number;
  tokens: { total: number; mean: number; max: number };
}

/** One kind's measures, and whether that kind alone meets the bar. */
export interface KindMeasures extends Measures {
  kind: string;
  passed: boolean;
}

export interface SummaryReport {
  cases: CaseResult[];
  totals: Measures & {
    /** The largest mail of the corpus (the pasted log dump) and what it cost. */
    largest: { id: string; bytes: number; tokens: number } | null;
  };
  /** The same measures per kind of mail, in the order of `KINDS` (kinds named only by a label's `group` last). */
  kinds: KindMeasures[];
  /** The bar is judged on the totals: fact recall over the whole corpus, every mail's status, heading and sender, no leak. */
  passed: boolean;
}

export interface SummaryEvalOptions {
  /** A corpus directory other than test/fixtures/mail. */
  dir?: string;
  /** Only these case ids. */
  only?: string[];
  /** Only cases of these kinds (see `KINDS`). */
  kinds?: string[];
  /** How long to wait for the last mail to settle before scoring what is there. */
  settleMs?: number;
  /** A dump of a migrated embedded database to start from (the test run's template: migrating costs seconds). */
  migrated?: Blob;
}

/** One case; an error (the app refusing the mail, a crash) is scored as a failed case, not a failed run. */
async function runCase(app: EvalApp, corpusCase: CorpusCase, deadline: number): Promise<CaseResult> {
  try {
    return await sendAndScore(app, corpusCase, deadline);
  } catch (error) {
    const score = scoreCase(corpusCase.label, null, []);
    score.problems.unshift(`error: ${error instanceof Error ? error.message : String(error)}`);
    return { id: corpusCase.id, kind: caseKind(corpusCase.id, corpusCase.label), title: corpusCase.label.title, bytes: corpusCase.raw.length, expectedStatus: corpusCase.label.expect.status, row: null, block: null, ...score };
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
  return { id: corpusCase.id, kind: caseKind(corpusCase.id, label), title: label.title, bytes: corpusCase.raw.length, expectedStatus: label.expect.status, row, block: blocks[0] ?? null, ...score };
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

function measure(cases: CaseResult[]): Measures {
  const count = (pick: (result: CaseResult) => boolean) => cases.filter(pick).length;
  const tokens = cases.map((result) => result.row?.usedTokens ?? 0);
  const total = tokens.reduce((sum, value) => sum + value, 0);
  const factsFound = cases.reduce((sum, result) => sum + result.factsFound, 0);
  const factsTotal = cases.reduce((sum, result) => sum + result.factsTotal, 0);
  return {
    mails: cases.length,
    statusOk: count((result) => result.statusOk),
    factsFound,
    factsTotal,
    factRecall: factsTotal === 0 ? 1 : factsFound / factsTotal,
    leaks: cases.reduce((sum, result) => sum + result.leaks.length, 0),
    headingOk: count((result) => result.headingOk),
    senderOk: count((result) => result.senderOk),
    tokens: { total, mean: cases.length === 0 ? 0 : total / cases.length, max: Math.max(0, ...tokens) },
  };
}

/** Fact recall ≥ 95%, no leak, and the status, heading and sender right on every mail. */
function meetsBar(measures: Measures): boolean {
  return (
    measures.mails > 0 &&
    measures.factRecall >= BAR.factRecall &&
    measures.leaks === 0 &&
    measures.statusOk === measures.mails &&
    measures.headingOk === measures.mails &&
    measures.senderOk === measures.mails
  );
}

/** The kinds present in `cases`, in the order of `KINDS`, then any named only by a label's `group`, alphabetically. */
function kindOrder(cases: CaseResult[]): string[] {
  const present = new Set(cases.map((result) => result.kind));
  const known = KINDS.map(({ kind }) => kind);
  return [...known.filter((kind) => present.has(kind)), ...[...present].filter((kind) => !known.includes(kind)).sort()];
}

export function summarise(cases: CaseResult[]): SummaryReport {
  const largest = [...cases].sort((a, b) => b.bytes - a.bytes)[0];
  const totals = {
    ...measure(cases),
    largest: largest ? { id: largest.id, bytes: largest.bytes, tokens: largest.row?.usedTokens ?? 0 } : null,
  };
  const kinds = kindOrder(cases).map((kind) => {
    const measures = measure(cases.filter((result) => result.kind === kind));
    return { kind, ...measures, passed: meetsBar(measures) };
  });
  return { cases, totals, kinds, passed: meetsBar(totals) };
}

export async function runSummaryEval(options: SummaryEvalOptions = {}): Promise<SummaryReport> {
  const only = options.only && options.only.length > 0 ? new Set(options.only) : null;
  const kinds = options.kinds && options.kinds.length > 0 ? new Set(options.kinds) : null;
  const corpus = loadCorpus(options.dir).filter(
    (corpusCase) => (!only || only.has(corpusCase.id)) && (!kinds || kinds.has(caseKind(corpusCase.id, corpusCase.label))),
  );
  const app = await EvalApp.start(options.migrated);
  try {
    const deadline = Date.now() + (options.settleMs ?? 180_000);
    return summarise(await inBatches(corpus, 8, (corpusCase) => runCase(app, corpusCase, deadline)));
  } finally {
    await app.close();
  }
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const mark = (ok: boolean) => (ok ? 'ok' : '**no**');
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
const ratio = (count: number, of: number) => `${count}/${of}`;

/**
 * The measures per kind of mail as a Markdown table, one row per kind and a last row for all of them;
 * a kind's "bar" says whether it alone meets the corpus bar (the verdict itself is the totals').
 */
export function formatKindTable(report: SummaryReport): string[] {
  const row = (name: string, measures: Measures, passed: boolean) =>
    `| ${name} | ${measures.mails} | ${ratio(measures.statusOk, measures.mails)} | ${percent(measures.factRecall)} (${ratio(measures.factsFound, measures.factsTotal)}) | ${measures.leaks} | ${ratio(measures.headingOk, measures.mails)} | ${ratio(measures.senderOk, measures.mails)} | ${measures.tokens.mean.toFixed(2)} | ${passed ? 'met' : '**missed**'} |`;
  return [
    '| kind | mails | status | fact recall | leaks | heading | sender | tokens per mail | bar |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...report.kinds.map((kind) => row(cell(kind.kind), kind, kind.passed)),
    row('**all**', report.totals, report.passed),
  ];
}

export function formatSummaryReport(report: SummaryReport): string {
  const { totals } = report;
  const lines = [
    '| case | kind | status (expected) | facts | leaks | heading | sender | tokens |',
    '|---|---|---|---:|---:|---|---|---:|',
    ...report.cases.map((result) =>
      [
        '',
        cell(result.id),
        cell(result.kind),
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
    'Per kind of mail:',
    '',
    ...formatKindTable(report),
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

/**
 * `npm run eval:summaries`: the labelled corpus through the real pipeline, as a Markdown table.
 *   --check        exit 1 when the bar is missed (fact recall ≥ 95%, no leak, heading, sender and
 *                  status right on every mail)
 *   --only a,b     only these case ids
 *   --kind a,b     only cases of these kinds (forward, attachment, security…: KINDS in corpus.ts)
 *   --json <file>  also write the full report (rows and blocks included) as JSON
 *   --docs         also rewrite the summary-quality section of docs/benchmarks.md (the whole corpus only)
 * The report has a row per case, the totals, and the same measures per kind of mail.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeSummaryQualitySection } from './benchmarks-section.js';
import { formatSummaryReport, runSummaryEval } from './summary-eval.js';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false }, only: { type: 'string' }, kind: { type: 'string' }, json: { type: 'string' }, docs: { type: 'boolean', default: false } } });

const list = (value: string | undefined) => value?.split(',').map((item) => item.trim()).filter(Boolean);
const report = await runSummaryEval({ only: list(values.only), kinds: list(values.kind) });
console.log(formatSummaryReport(report));
if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));
if (values.docs && !values.only && !values.kind) writeSummaryQualitySection(fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url)), report);
if (values.check && !report.passed) process.exitCode = 1;

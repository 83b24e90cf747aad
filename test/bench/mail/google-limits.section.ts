/** The "Google Docs at its limits" section of docs/benchmarks.md, from google-limits.bench.ts's rows. */
import { fixed, verdict } from '../report/format.js';
import type { GoogleLimitsRow } from './google-limits.bench.js';


export function googleLimitsSection(rows: GoogleLimitsRow[]): string[] {
  const budgets = rows[0]?.budgets;
  return [
    '## Google Docs at its limits',
    '',
    'The pipeline writing into Google Docs through the real googleapis client, against the fake Google Docs server',
    'enforcing Google\'s per-minute quotas (60 writes per user, 600 per project, 300 reads per user: it answers 429',
    'RESOURCE_EXHAUSTED past them). The app keeps its default budgets below those, shared across processes',
    `(${budgets ? `${budgets.writesPerUser} writes a minute per user, ${budgets.writesPerProject} per project, ${budgets.readsPerUser} reads per user` : 'its defaults'}): a`,
    'mail over budget waits for the next minute, and a 429 would make it wait too, never fail. Time is from the first',
    `mail sent to the last block written, on the wall clock; a zero-latency model; ${rows[0]?.kind ?? ''} database.`,
    'A mail over budget leaves its block pending; the next run that gets a slot writes it with its own in one batchUpdate (up to 20 blocks, each with its own marker), so a burst to one document takes far fewer writes than mails.',
    '',
    '| mails | users (one document each) | time until all written | writes used | reads | 429s answered | failures (target 0) | duplicates (target 0) | missing |',
    '|---:|---:|---:|---:|---:|---:|---|---|---:|',
    ...rows.map(
      (row) =>
        `| ${fixed(row.mails)} | ${fixed(row.users)} | ${fixed(row.seconds, 1)} s | ${fixed(row.writes)} | ${fixed(row.reads)} | ${fixed(row.refused429)} | ${fixed(row.failed)}: ${verdict(row.failed === 0)} | ${fixed(row.duplicates)}: ${verdict(row.duplicates === 0)} | ${fixed(row.missing)} |`,
    ),
  ];
}

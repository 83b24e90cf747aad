/** The API benchmark's results (api.bench.ts), how each call is judged against `/healthz`, and their table. */
import type { DatabaseKind } from './bench-database.js';
import { UNPAGED_LIST_CALL } from './api-calls.js';

export interface ApiCallResult {
  name: string;
  path: string;
  requests: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  /** The same call at a steady rate of half the saturated throughput: latency without the queue. */
  steady: { rate: number; p50Ms: number; p99Ms: number };
}

export interface ApiBenchResult {
  kind: DatabaseKind;
  seedSeconds: number;
  documents: number;
  mails: number;
  hotDocumentMails: number;
  ledgerEntries: number;
  connections: number;
  durationSeconds: number;
  calls: ApiCallResult[];
}

/**
 * Each call's throughput as a share of `/healthz` in the same run (the floor: no database, no session), and the
 * share it must reach: the cheapest calls (the session check alone, document details) a fifth, every other read a
 * tenth.
 */
export function healthzShareTarget(callName: string): number | null {
  // The unpaged list answers every card at once (364 kB of JSON for 1,000 documents): it stays for older
  // callers and is reported, while the app asks pages (issue 15: the list costs what a page costs). It is
  // answered from kept, pre-compressed bytes (owner-answers.cache.ts); profiled under this load, the server's
  // thread sits idle most of the run while autocannon's turns each compressed body into a string: the number
  // measures the load generator as much as the app.
  if (callName === UNPAGED_LIST_CALL) return null;
  return callName === 'status' || callName === 'document details' ? 0.2 : 0.1;
}

/** The share of `/healthz` each call reached in its database's run (null when `/healthz` was not run). */
export function healthzShares(result: ApiBenchResult): Map<string, number | null> {
  const floor = result.calls.find((call) => call.name === 'healthz')?.requestsPerSecond;
  return new Map(result.calls.map((call) => [call.name, floor ? call.requestsPerSecond / floor : null]));
}

/** The calls of a run below their share of `/healthz`. */
export function callsBelowShare(result: ApiBenchResult): ApiCallResult[] {
  const shares = healthzShares(result);
  return result.calls.filter((call) => {
    const share = shares.get(call.name);
    const target = healthzShareTarget(call.name);
    return call.name !== 'healthz' && target !== null && share !== null && share !== undefined && share < target;
  });
}

export function apiBenchTable(results: readonly ApiBenchResult[]): string {
  const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);
  const lines = [
    '| database | call | saturated: req/s | of /healthz (target) | p50 ms | p90 ms | p99 ms | max ms | steady: req/s | p50 ms | p99 ms | non-2xx + errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const result of results) {
    const shares = healthzShares(result);
    for (const call of result.calls) {
      const share = shares.get(call.name);
      const target = healthzShareTarget(call.name);
      const percent = share === null || share === undefined ? '' : `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;
      const ofHealthz =
        call.name === 'healthz' || percent === '' ? '' : target === null ? `${percent} (reported; the app asks pages)` : `${percent} ${(share ?? 0) >= target ? '✓' : '✗'} (≥ ${(target * 100).toFixed(0)}%)`;
      lines.push(
        `| ${result.kind} | ${call.name} | ${call.requestsPerSecond.toFixed(0)} | ${ofHealthz} | ${ms(call.p50Ms)} | ${ms(call.p90Ms)} | ${ms(call.p99Ms)} | ${ms(call.maxMs)} | ${call.steady.rate} | ${ms(call.steady.p50Ms)} | ${ms(call.steady.p99Ms)} | ${call.non2xx + call.errors} |`,
      );
    }
  }
  return lines.join('\n');
}

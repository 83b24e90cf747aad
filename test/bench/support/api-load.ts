/** How the API benchmark (api.bench.ts) loads the server: autocannon runs, their requests, and the checks between them. */
import autocannon from 'autocannon';
import type { Database } from '../../../src/platform/db/database.js';
import type { Call } from './api-calls.js';

/** What the app's requests carry: the session, and the encodings every browser accepts (answers over 1 kB travel compressed). */
function requestHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
}

/** One request; tried again once, as a keep-alive socket the server closed during the seeding may be reused. */
export async function probeOnce(url: string, token: string): Promise<Response> {
  const request = () => fetch(url, { headers: requestHeaders(token) });
  try {
    return await request();
  } catch {
    return request();
  }
}

interface PoolGauge {
  numUsed(): number;
  numPendingAcquires(): number;
}

/**
 * Waits until the server has finished the requests autocannon gave up on at the end of a run (they still
 * hold or wait for database connections): the pool must stay idle for 150 ms. So the next call, and the
 * shutdown, start from an idle server.
 */
export async function settle(db: Database): Promise<void> {
  const pool = (db.client as { pool?: Partial<PoolGauge> }).pool;
  if (typeof pool?.numUsed !== 'function' || typeof pool.numPendingAcquires !== 'function') return;
  const gauge = pool as PoolGauge;
  const deadline = Date.now() + 60_000;
  let idleChecks = 0;
  while (idleChecks < 3 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    idleChecks = gauge.numUsed() === 0 && gauge.numPendingAcquires() === 0 ? idleChecks + 1 : 0;
  }
}

export async function load(url: string, token: string, seconds: number, connections: number, workers: number, overallRate?: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections,
    duration: seconds,
    ...(overallRate ? { overallRate } : {}),
    // PGlite answers one query at a time: 50 queued chart calls can take longer than autocannon's 10 s.
    timeout: 60,
    headers: requestHeaders(token),
    ...(workers > 0 ? { workers } : {}),
  });
}

/** A run with more than 0.1% non-2xx answers or errors measured the wrong thing. */
export function assertAnswered(kind: string, call: Call, result: autocannon.Result): void {
  const requests = result.requests.total;
  const failed = result.non2xx + result.errors;
  if (requests === 0 || failed > requests * 0.001) {
    throw new Error(
      `${kind} ${call.name}: ${result.non2xx} non-2xx and ${result.errors} errors in ${requests} requests (status counts ${JSON.stringify(result.statusCodeStats ?? {})})`,
    );
  }
}

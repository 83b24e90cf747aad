// Whether the app's server answers (docs/architecture.md, "Failure the user can see"). A call that
// cannot reach it (a network error, or a proxy's 502/503/504) or a dropped event stream marks the app
// offline; while offline, GET /healthz is asked every few seconds, and any answer from the server
// (that probe, an API call, the stream reconnecting) marks it online again. The offline banner shows
// the state; the app refetches its data when it ends (app/connection.ts).
import { create } from 'zustand';

/** While offline, the server is asked this often whether it is back. */
export const PROBE_INTERVAL_MS = 3_000;

/** Gateway answers: a proxy or load balancer in front of a server that is down or restarting. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** True when `status` came from the server itself, not from a gateway saying it is unreachable. */
export function isServerAnswer(status: number): boolean {
  return !GATEWAY_STATUSES.has(status);
}

type ConnectionState = { offline: boolean };

export const useConnection = create<ConnectionState>()(() => ({ offline: false }));

export type ServerProbe = () => Promise<boolean>;

/** Asks the server's liveness route; only an answer from the server itself counts. */
const healthProbe: ServerProbe = async () => {
  try {
    const response = await fetch('/healthz', { cache: 'no-store' });
    return isServerAnswer(response.status);
  } catch {
    return false;
  }
};

let probe: ServerProbe = healthProbe;
let probeTimer: ReturnType<typeof setTimeout> | null = null;

function scheduleProbe(): void {
  if (probeTimer) return;
  probeTimer = setTimeout(() => {
    probeTimer = null;
    void probe()
      .catch(() => false)
      .then((reachable) => {
        if (!useConnection.getState().offline) return;
        if (reachable) reportReachable();
        else scheduleProbe();
      });
  }, PROBE_INTERVAL_MS);
}

/** Whether the server answers now (GET /healthz, or the probe a test set). */
export function probeServer(): Promise<boolean> {
  return probe().catch(() => false);
}

/** The server could not be reached: the app is offline until it answers again. */
export function reportUnreachable(): void {
  if (!useConnection.getState().offline) useConnection.setState({ offline: true });
  scheduleProbe();
}

/** The server answered: the app is online. */
export function reportReachable(): void {
  if (probeTimer) {
    clearTimeout(probeTimer);
    probeTimer = null;
  }
  if (useConnection.getState().offline) useConnection.setState({ offline: false });
}

/** Replaces the health probe (tests); null restores it. Returns a function that undoes the change. */
export function setServerProbe(next: ServerProbe | null): () => void {
  const previous = probe;
  probe = next ?? healthProbe;
  return () => {
    probe = previous;
  };
}

/** Back to online with no probe pending (tests). */
export function resetConnection(): void {
  reportReachable();
}

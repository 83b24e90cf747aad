// Records the JSON bodies the app sends, on top of the fake API (install the fake first).
import { vi } from 'vitest';

export type RequestBodies = {
  /** The parsed JSON bodies sent to "METHOD /api/path", in order (undefined for an empty body). */
  bodiesOf: (route: string) => unknown[];
};

export function recordRequestBodies(): RequestBodies {
  const answer = globalThis.fetch;
  const sent: { route: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.clone().text();
    sent.push({ route: `${request.method} ${new URL(request.url).pathname}`, body: text ? (JSON.parse(text) as unknown) : undefined });
    return answer(request);
  });
  return { bodiesOf: (route) => sent.filter((entry) => entry.route === route).map((entry) => entry.body) };
}

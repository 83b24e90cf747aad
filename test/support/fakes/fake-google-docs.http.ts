/** The HTTP side of the fake Google Docs server (fake-google-docs.server.ts): Google's error bodies, request and answer plumbing. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string's parameters (`fields`, for one). */
  query: Record<string, string>;
  status: number;
  body: unknown;
}

export type PathPattern = string | RegExp;

/** A test's instruction for the next matching requests (failNext, delayNext, holdNext, afterNext). */
export interface Rule {
  method: string;
  path: PathPattern;
  times: number;
  status?: number;
  applied?: boolean;
  delayMs?: number;
  hold?: Promise<void>;
  after?: () => void;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export function googleError(status: number, message: string): unknown {
  return { error: { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN' } };
}

export function driveNotFound(id: string): unknown {
  const message = `File not found: ${id}.`;
  return { error: { code: 404, message, errors: [{ message, domain: 'global', reason: 'notFound', location: 'fileId', locationType: 'parameter' }] } };
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function parseBasicAuth(header: string | undefined): { id: string; secret: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
}

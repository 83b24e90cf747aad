/**
 * The calls the API benchmark (api.bench.ts) measures, as the web app sends them, each with the check its
 * first answer must pass; and the size of the data they run on.
 */
import type { ApiSeedResult } from './api-seed.js';

export const API_BENCH_DOCUMENTS = 1_000;
export const API_BENCH_MAILS = 100_000;
export const API_BENCH_HOT_DOCUMENT_MAILS = 20_000;

/** The chart groups days in the browser's zone; one with DST, as most users have. */
const CHART_TIME_ZONE = 'Europe/Warsaw';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Reported without a target (why: healthzShareTarget in api-report.ts). */
export const UNPAGED_LIST_CALL = 'documents list, whole (unpaged)';

export interface Call {
  name: string;
  path: string;
  /** Checks one answer before the load: a benchmark of errors or of an empty page is worthless. */
  check(body: unknown): string | null;
}

export function callsFor(seeded: ApiSeedResult): Call[] {
  const { hotDocumentId, typicalDocumentId, typicalDocumentMails } = seeded;
  // What the web app sends: the Usage page's 180-day range starts at local midnight 179 days ago, with
  // no `to`; the Processed Emails table asks for page 1 of 5, newest first.
  const today = new Date();
  const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 179 * DAY_MS);
  return [
    {
      // The floor: no database, no session. Every other call is reported against it.
      name: 'healthz',
      path: '/healthz',
      check: (body) => ((body as { status?: string }).status === 'ok' ? null : 'expected status ok'),
    },
    {
      // The cheapest authenticated call: its cost is the session check every request makes.
      name: 'status',
      path: '/api/status',
      check: (body) => (typeof body === 'object' && body !== null ? null : 'expected a body'),
    },
    {
      // The whole list at once, as older callers read it (docs/api.md, "Documents").
      name: UNPAGED_LIST_CALL,
      path: '/api/google-docs',
      check: (body) => (Array.isArray(body) && body.length === API_BENCH_DOCUMENTS ? null : `expected ${API_BENCH_DOCUMENTS} documents`),
    },
    {
      // What the Documents page asks first: one page of cards (24, the app's LIST_PAGE_SIZE in
      // web/src/features/documents/utils/document-list.ts); above that the app pages, searches and sorts on the server.
      name: 'documents list, first page as the app asks',
      path: '/api/google-docs?sortBy=nameAsc&page=1&pageSize=24',
      check: (body) => {
        const page = body as { data?: unknown[]; total?: number };
        return page.total === API_BENCH_DOCUMENTS && page.data?.length === 24 ? null : `expected 24 of ${API_BENCH_DOCUMENTS} cards`;
      },
    },
    {
      name: 'document details',
      path: `/api/getDocumentDetails/${hotDocumentId}`,
      check: (body) => ((body as { processedEmailsCount?: number }).processedEmailsCount ? null : 'expected processed mails on the hot document'),
    },
    {
      name: 'received mails (page 1 of 5, newest first)',
      path: `/api/document/${hotDocumentId}/received-mails?page=1&pageSize=5&sortBy=receivedAt&sortOrder=desc`,
      check: (body) => {
        const page = body as { data?: unknown[]; total?: number };
        return page.total === API_BENCH_HOT_DOCUMENT_MAILS && page.data?.length === 5 ? null : `expected 5 of ${API_BENCH_HOT_DOCUMENT_MAILS} mails`;
      },
    },
    {
      // The same page of a document with a typical share of the mail: the exact total is counted per call,
      // so this call's cost grows with the document's mail.
      name: `received mails, typical document (${typicalDocumentMails} mails)`,
      path: `/api/document/${typicalDocumentId}/received-mails?page=1&pageSize=5&sortBy=receivedAt&sortOrder=desc`,
      check: (body) => ((body as { total?: number }).total === typicalDocumentMails ? null : `expected ${typicalDocumentMails} mails`),
    },
    {
      name: 'usage chart (180 days)',
      path: `/api/tokens/usage/chart?${new URLSearchParams({ from: from.toISOString(), tz: CHART_TIME_ZONE }).toString()}`,
      check: (body) => {
        const usage = (body as { usage?: unknown[] }).usage;
        return usage && usage.length >= 170 ? null : `expected ~180 days of usage, got ${usage?.length ?? 'none'}`;
      },
    },
    {
      // The Usage page's first table page: newest settlements and how many there are in all.
      name: 'usage table (page 1 of 5, newest first)',
      path: '/api/tokens/usage/table?page=1&pageSize=5&sortBy=date&sortOrder=desc',
      check: (body) => ((body as { total?: number }).total === seeded.processedMails ? null : `expected ${seeded.processedMails} settlements`),
    },
    {
      name: 'added tokens (page 1 of 5, newest first)',
      path: '/api/tokens/added/table?page=1&pageSize=5&sortBy=date&sortOrder=desc',
      check: (body) => ((body as { total?: number }).total === 1 ? null : 'expected the one grant'),
    },
  ];
}

/** BENCH_API_CALLS narrows a run to the calls whose names contain one of its parts. */
export function selected(calls: Call[]): Call[] {
  const parts = (process.env.BENCH_API_CALLS ?? '').split(',').map((part) => part.trim().toLowerCase()).filter(Boolean);
  return parts.length === 0 ? calls : calls.filter((call) => parts.some((part) => call.name.toLowerCase().includes(part)));
}

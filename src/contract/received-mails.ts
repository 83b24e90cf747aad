// The received-mail calls of a document (docs/api.md § Received mail).
import { z } from 'zod/mini';
import { IsoDateTime, MAX_SEARCH_LENGTH, OkResponse, PagedList, pageQueryFields, type PageQuery } from './common.js';
import { routeTable } from './route.js';

/** The `:id` of a document's mail calls (anything but a UUID answers 404 DOCUMENT.NOT_FOUND). */
export const MailDocumentParams = z.object({ id: z.uuid() });
/** The params of a row's action (retry, allow-and-process) and of its panel. */
export const MailParams = z.object({ id: z.uuid(), mailId: z.uuid() });

/** Where a received mail stands in the pipeline. */
export const RECEIVED_MAIL_STATUSES = ['received', 'processing', 'processed', 'ignored', 'held', 'failed', 'expired', 'duplicate'] as const;
export const ReceivedMailStatus = z.enum(RECEIVED_MAIL_STATUSES);
export type ReceivedMailStatus = z.infer<typeof ReceivedMailStatus>;

/** The DMARC/DKIM check of the visible From (SENDER_AUTH report or enforce). */
export const SenderAuthentication = z.strictObject({ result: z.enum(['pass', 'fail', 'none', 'temperror']), detail: z.string() });
export type SenderAuthentication = z.infer<typeof SenderAuthentication>;

/**
 * "Allow <sender> and process": `sender` is the address exactly as received, which the allow-list stores
 * (and matches exactly); `senderAscii` is how the app shows it. An address with characters outside ASCII
 * (a Cyrillic а in `ex\u0430mple.com`, an invisible one, another script) is `lookalike`: it is shown in
 * ASCII (domain labels in punycode, other characters as `[U+0430]`), and `looksLike` names the plain
 * address it resembles, when it resembles one.
 */
export const AllowSenderAction = z.strictObject({ kind: z.literal('allow-sender'), sender: z.string(), senderAscii: z.string(), lookalike: z.boolean(), looksLike: z.nullable(z.string()) });
export type AllowSenderAction = z.infer<typeof AllowSenderAction>;

/**
 * What the owner can do about a mail, decided by the server (the web app never reads `reason`):
 * `allow-sender` for a mail ignored because its sender (the visible From that reached the document) is
 * not on the allow-list, while its content is kept; `retry` for a failed mail; `buy-tokens` for a held
 * mail of an owner with an active plan, `choose-plan` without one; null for everything else.
 */
export const ReceivedMailAction = z.nullable(
  z.discriminatedUnion('kind', [
    AllowSenderAction,
    z.strictObject({ kind: z.literal('retry') }),
    z.strictObject({ kind: z.literal('buy-tokens') }),
    z.strictObject({ kind: z.literal('choose-plan') }),
  ]),
);
export type ReceivedMailAction = z.infer<typeof ReceivedMailAction>;

/** A received mail row: the pipeline's status, its reason and the row's action. */
export const ReceivedMail = z.strictObject({
  id: z.string(),
  sourceMail: z.string(),
  subject: z.string(),
  /** How many attachments the mail's block in the document lists (read or not); 0 when none. */
  attachments: z.int().check(z.minimum(0)),
  usedTokens: z.int().check(z.minimum(0)),
  receivedAt: IsoDateTime,
  status: ReceivedMailStatus,
  /** Why the mail was ignored, held, failed or expired (or a note on a processed one); null when none. */
  reason: z.nullable(z.string()),
  /** null when the sender was not checked. */
  authentication: z.nullable(SenderAuthentication),
  action: ReceivedMailAction,
});
export type ReceivedMail = z.infer<typeof ReceivedMail>;

/** The sort keys of the received-mails table. */
export const RECEIVED_MAIL_SORT_KEYS = ['sourceMail', 'subject', 'usedTokens', 'receivedAt'] as const;
export type ReceivedMailSortKey = (typeof RECEIVED_MAIL_SORT_KEYS)[number];

/** GET /api/document/{id}/received-mails: the paging part of the query (default sort `receivedAt`) and the answer. */
export type ReceivedMailsQuery = PageQuery<ReceivedMailSortKey>;
export const ReceivedMailsResponse = PagedList(ReceivedMail);
export type ReceivedMailsResponse = PagedList<ReceivedMail>;

/** The block as written into the document for one mail (docs/api.md § Received mail). */
export const ReceivedMailBlock = z.strictObject({
  heading: z.string(),
  /** The meta lines as written, in order: "From … · <date> · ref …", then "Forwarded by …", the attachments line, the cut note, when present. */
  meta: z.array(z.string()),
  /** The summary paragraphs (the text before "Key points:"). */
  summary: z.array(z.string()),
  keyPoints: z.array(z.string()),
  actionItems: z.array(z.string()),
});
export type ReceivedMailBlock = z.infer<typeof ReceivedMailBlock>;

/** One status change of a mail, with its reason. */
export const ReceivedMailStatusChange = z.strictObject({ status: ReceivedMailStatus, reason: z.nullable(z.string()), at: IsoDateTime });
export type ReceivedMailStatusChange = z.infer<typeof ReceivedMailStatusChange>;

/** GET /api/document/{id}/received-mails/{mailId} */
export const ReceivedMailDetail = z.extend(ReceivedMail, {
  documentId: z.string(),
  /** null when no block was written (not processed) or it has passed its retention. */
  block: z.nullable(ReceivedMailBlock),
  /** Oldest first. */
  history: z.array(ReceivedMailStatusChange),
  /** Where the block is: the Google Doc's URL (or the local document's URL with an anchor to the block), null when none. */
  documentUrl: z.nullable(z.string()),
});
export type ReceivedMailDetail = z.infer<typeof ReceivedMailDetail>;

/**
 * Filters of GET /api/document/{id}/received-mails (and of the search below): `q` a case-insensitive
 * substring of subject or sender (at most 200 characters); `status` one status or several comma-separated;
 * `from` / `to` ISO dates (YYYY-MM-DD), inclusive, on receivedAt (UTC). Invalid values answer 400.
 */
export type ReceivedMailFilters = { q?: string; status?: string; from?: string; to?: string };

/** A calendar day YYYY-MM-DD that exists (no 2026-02-30), parsed to its UTC midnight. */
const day = z.pipe(
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')),
  z.transform((text, context) => {
    const date = new Date(`${text}T00:00:00.000Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
      context.issues.push({ code: 'custom', message: 'must be a date YYYY-MM-DD', input: text });
      return z.NEVER;
    }
    return date;
  }),
);

const filterFields = {
  q: z.optional(z.string().check(z.trim(), z.maxLength(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`))),
  status: z.optional(
    z.pipe(
      z.pipe(
        z.string(),
        z.transform((text) => [...new Set(text.split(',').map((part) => part.trim()).filter((part) => part !== ''))]),
      ),
      z.array(z.enum(RECEIVED_MAIL_STATUSES, { error: `must be one or more of ${RECEIVED_MAIL_STATUSES.join(', ')}, comma-separated` })),
    ),
  ),
  from: z.optional(day),
  to: z.optional(day),
};

/** GET /api/document/{id}/received-mails with its filters; parsed, `status` is a list and `from`/`to` are dates. */
export const FilteredReceivedMailsQuery = z.strictObject({ ...pageQueryFields(RECEIVED_MAIL_SORT_KEYS, 'receivedAt'), ...filterFields }).check(z.refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'must not be after to', path: ['from'] }));
export type FilteredReceivedMailsQuery = ReceivedMailsQuery & ReceivedMailFilters;

/** GET /api/received-mails: one search across all the user's documents (not deleted ones), with the same query. */
export const FoundMailsQuery = FilteredReceivedMailsQuery;
export type FoundMailsQuery = ReceivedMailsQuery & ReceivedMailFilters;
export const FoundMail = z.extend(ReceivedMail, { documentId: z.string(), documentName: z.string() });
export type FoundMail = z.infer<typeof FoundMail>;
export const FoundMailsResponse = PagedList(FoundMail);
export type FoundMailsResponse = PagedList<FoundMail>;

/** POST /api/document/{id}/received-mails/{mailId}/allow-and-process (202): the document's allow-list now. */
export const AllowAndProcessResponse = z.strictObject({ emails: z.array(z.string()) });
export type AllowAndProcessResponse = z.infer<typeof AllowAndProcessResponse>;

/** Gmail's forwarding-confirmation mail, captured so the user can confirm without that mailbox. */
export const ForwardingConfirmation = z.strictObject({
  code: z.string(),
  link: z.nullable(z.string()),
  /** The Gmail address that asked to forward. */
  requester: z.nullable(z.string()),
  receivedAt: IsoDateTime,
});
export type ForwardingConfirmation = z.infer<typeof ForwardingConfirmation>;

/** GET /api/document/{id}/forwarding-confirmation: null when none arrived. */
export const ForwardingConfirmationResponse = z.strictObject({ forwardingConfirmation: z.nullable(ForwardingConfirmation) });
export type ForwardingConfirmationResponse = z.infer<typeof ForwardingConfirmationResponse>;

const bearer = 'bearer';

export const receivedMailRoutes = routeTable({
  receivedMails: { method: 'GET', path: '/api/document/:id/received-mails', auth: bearer, summary: 'One page of a document\'s received mail, filtered.', params: MailDocumentParams, query: FilteredReceivedMailsQuery, status: 200, answer: ReceivedMailsResponse },
  receivedMail: { method: 'GET', path: '/api/document/:id/received-mails/:mailId', auth: bearer, summary: 'One mail\'s panel: its row, block, history and link.', params: MailParams, status: 200, answer: ReceivedMailDetail },
  retryMail: { method: 'POST', path: '/api/document/:id/received-mails/:mailId/retry', auth: bearer, summary: 'Processes a failed mail again.', params: MailParams, status: 202, answer: OkResponse },
  allowAndProcess: { method: 'POST', path: '/api/document/:id/received-mails/:mailId/allow-and-process', auth: bearer, summary: 'Allows an ignored mail\'s sender and processes the mail.', params: MailParams, status: 202, answer: AllowAndProcessResponse },
  forwardingConfirmation: { method: 'GET', path: '/api/document/:id/forwarding-confirmation', auth: bearer, summary: 'Gmail\'s forwarding confirmation for the document, when one arrived.', params: MailDocumentParams, status: 200, answer: ForwardingConfirmationResponse },
  searchMails: { method: 'GET', path: '/api/received-mails', auth: bearer, summary: 'One search across all the user\'s documents.', query: FoundMailsQuery, status: 200, answer: FoundMailsResponse },
});

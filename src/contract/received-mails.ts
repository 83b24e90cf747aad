// The received-mail calls of a document (docs/api.md § Received mail).
import type { PagedList, PageQuery } from './common.js';

/** Where a received mail stands in the pipeline. */
export type ReceivedMailStatus = 'received' | 'processing' | 'processed' | 'ignored' | 'held' | 'failed' | 'expired' | 'duplicate';

/** The DMARC/DKIM check of the visible From (SENDER_AUTH report or enforce). */
export type SenderAuthentication = { result: 'pass' | 'fail' | 'none' | 'temperror'; detail: string };

/**
 * "Allow <sender> and process": `sender` is the address exactly as received, which the allow-list stores
 * (and matches exactly); `senderAscii` is how the app shows it. An address with characters outside ASCII
 * (a Cyrillic а in `ex\u0430mple.com`, an invisible one, another script) is `lookalike`: it is shown in
 * ASCII (domain labels in punycode, other characters as `[U+0430]`), and `looksLike` names the plain
 * address it resembles, when it resembles one.
 */
export type AllowSenderAction = { kind: 'allow-sender'; sender: string; senderAscii: string; lookalike: boolean; looksLike: string | null };

/**
 * What the owner can do about a mail, decided by the server (the web app never reads `reason`):
 * `allow-sender` for a mail ignored because its sender (the visible From that reached the document) is
 * not on the allow-list, while its content is kept; `retry` for a failed mail; `buy-tokens` for a held
 * mail of an owner with an active plan, `choose-plan` without one; null for everything else.
 */
export type ReceivedMailAction = AllowSenderAction | { kind: 'retry' } | { kind: 'buy-tokens' } | { kind: 'choose-plan' } | null;

/** Spec §3 "Received mail row", plus the pipeline's status, its reason and the row's action. */
export type ReceivedMail = {
  id: string;
  sourceMail: string;
  subject: string;
  /** How many attachments the mail's block in the document lists (read or not); 0 when none. */
  attachments: number;
  usedTokens: number;
  /** ISO date-time. */
  receivedAt: string;
  status: ReceivedMailStatus;
  /** Why the mail was ignored, held, failed or expired (or a note on a processed one); null when none. */
  reason: string | null;
  /** null when the sender was not checked. */
  authentication: SenderAuthentication | null;
  action: ReceivedMailAction;
};

/** The sort keys of the received-mails table. */
export type ReceivedMailSortKey = 'sourceMail' | 'subject' | 'usedTokens' | 'receivedAt';

/** GET /api/document/{id}/received-mails: the query (default sort `receivedAt`) and the answer. */
export type ReceivedMailsQuery = PageQuery<ReceivedMailSortKey>;
export type ReceivedMailsResponse = PagedList<ReceivedMail>;

/** The block as written into the document for one mail (docs/api.md § Received mail). */
export type ReceivedMailBlock = {
  heading: string;
  /** The meta lines as written, in order: "From … · <date> · ref …", then "Forwarded by …", the attachments line, the cut note, when present. */
  meta: string[];
  /** The summary paragraphs (the text before "Key points:"). */
  summary: string[];
  keyPoints: string[];
  actionItems: string[];
};

/** One status change of a mail, with its reason. */
export type ReceivedMailStatusChange = {
  status: ReceivedMailStatus;
  reason: string | null;
  /** ISO date-time. */
  at: string;
};

/** GET /api/document/{id}/received-mails/{mailId} */
export type ReceivedMailDetail = ReceivedMail & {
  documentId: string;
  /** null when no block was written (not processed) or it has passed its retention. */
  block: ReceivedMailBlock | null;
  /** Oldest first. */
  history: ReceivedMailStatusChange[];
  /** Where the block is: the Google Doc's URL (or the local document's URL with an anchor to the block), null when none. */
  documentUrl: string | null;
};

/**
 * Filters of GET /api/document/{id}/received-mails (and of the search below): `q` a case-insensitive
 * substring of subject or sender (at most 200 characters); `status` one status or several comma-separated;
 * `from` / `to` ISO dates (YYYY-MM-DD), inclusive, on receivedAt (UTC). Invalid values answer 400.
 */
export type ReceivedMailFilters = { q?: string; status?: string; from?: string; to?: string };

/** GET /api/document/{id}/received-mails with its filters. */
export type FilteredReceivedMailsQuery = ReceivedMailsQuery & ReceivedMailFilters;

/** GET /api/received-mails: one search across all the user's documents (not deleted ones). */
export type FoundMail = ReceivedMail & { documentId: string; documentName: string };
export type FoundMailsQuery = ReceivedMailsQuery & ReceivedMailFilters;
export type FoundMailsResponse = PagedList<FoundMail>;

/** POST /api/document/{id}/received-mails/{mailId}/allow-and-process (202): the document's allow-list now. */
export type AllowAndProcessResponse = { emails: string[] };

/** Gmail's forwarding-confirmation mail, captured so the user can confirm without that mailbox. */
export type ForwardingConfirmation = {
  code: string;
  link: string | null;
  /** The Gmail address that asked to forward. */
  requester: string | null;
  /** ISO date-time. */
  receivedAt: string;
};

/** GET /api/document/{id}/forwarding-confirmation: null when none arrived. */
export type ForwardingConfirmationResponse = { forwardingConfirmation: ForwardingConfirmation | null };

// The document shapes the server answers (spec §3, docs/api.md).

/** An item of GET /api/google-docs and the answer of POST /api/createGoogleDoc. */
export type DocumentListItem = {
  documentId: string;
  documentName: string;
  templateName: string;
  /** The allowed source emails. */
  emails: string[];
  forwardEmail: string;
  googleDocumentId: string;
  /** The link to open the linked document; the browser never builds it. */
  documentUrl: string;
  /** ISO date-time. */
  createdAt: string;
};

/** GET /api/getDocumentDetails/{id}. */
export type DocumentDetails = {
  documentId: string;
  documentName: string;
  description: string;
  emails: string[];
  forwardEmail: string;
  googleDocumentId: string;
  documentUrl: string;
  /** true: new summaries go to the beginning of the document; false: to the end. */
  overwriteAtBeginning: boolean;
  processedEmailsCount: number;
  createdAt: string;
};

/** Where a received mail stands in the pipeline (GET /api/document/{id}/received-mails). */
export type ReceivedMailStatus = 'received' | 'processing' | 'processed' | 'ignored' | 'held' | 'failed' | 'expired';

/** Spec §3 "Received mail row", plus the pipeline's status and its reason. */
export type ReceivedMail = {
  id: string;
  sourceMail: string;
  subject: string;
  usedTokens: number;
  /** ISO date-time. */
  receivedAt: string;
  status: ReceivedMailStatus;
  /** Why the mail was ignored, held, failed or expired (or a note on a processed one); null when none. */
  reason: string | null;
};

/** The server's sort keys of the received-mails table. */
export type ReceivedMailSortKey = 'sourceMail' | 'subject' | 'usedTokens' | 'receivedAt';

/** Spec §3 paged list response. */
export type PagedList<Row> = { data: Row[]; total: number };

/** Gmail's forwarding-confirmation mail, captured so the user can confirm without that mailbox. */
export type ForwardingConfirmation = {
  code: string;
  link: string | null;
  /** The Gmail address that asked to forward. */
  requester: string | null;
  /** ISO date-time. */
  receivedAt: string;
};

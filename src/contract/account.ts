// The account calls: export and deletion (docs/api.md § Account).
import type { NotificationSettingsView } from './notifications.js';
import type { ReceivedMailBlock, ReceivedMailStatusChange } from './received-mails.js';

/** A document as the account export shows it. */
export type AccountExportDocument = {
  documentId: string;
  documentName: string;
  description: string;
  forwardEmail: string;
  /** The linked document's id (a Google Doc's, or `local-…`). */
  googleDocumentId: string;
  /** Where new summaries go in the linked document. */
  placement: 'beginning' | 'end';
  emails: string[];
  createdAt: string;
  /** A document that continued in new linked documents: each part's id, part 1 first; empty otherwise. */
  parts: { number: number; googleDocumentId: string; startedAt: string }[];
};

/** What the app keeps about one received mail: metadata and the block written into the document, never its content. */
export type AccountExportMail = {
  mailId: string;
  documentId: string;
  subject: string;
  sender: string;
  status: string;
  reason: string | null;
  usedTokens: number;
  receivedAt: string;
  finishedAt: string | null;
  /** The block as written into the document; null when none was written. */
  block: ReceivedMailBlock | null;
  /** Its status changes, oldest first. */
  history: ReceivedMailStatusChange[];
};

export type AccountExportLedgerEntry = {
  kind: string;
  tokens: number;
  description: string;
  paidUsdCents: number;
  createdAt: string;
};

export type AccountExportSubscription = {
  subscriptionStatus: string;
  isActive: boolean;
  planType: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  paymentEmail: string | null;
  subscriptionTokens: number;
  additionalTokens: number;
};

/** A notification email decided for the account (docs/api.md § Notifications). */
export type AccountExportNotification = {
  /** `balance-low`, `balance-empty`, `held-mail`, `refused-sender` or `failed-mail`. */
  kind: string;
  /** `pending`, `sending`, `sent`, `failed` (given up) or `skipped` (switched off). */
  status: string;
  createdAt: string;
  sentAt: string | null;
};

/** GET /api/account/export (a JSON attachment), and `npm run account -- export`. */
export type AccountExport = {
  exportedAt: string;
  account: { id: string; email: string; name: string; createdAt: string };
  documents: AccountExportDocument[];
  mailRecords: AccountExportMail[];
  ledgerEntries: AccountExportLedgerEntry[];
  subscription: AccountExportSubscription;
  notifications: { settings: NotificationSettingsView; mails: AccountExportNotification[] };
};

/** POST /api/account/delete: the account's email, typed again. */
export type DeleteAccountRequest = { email: string };

// The account calls: export and deletion (docs/api.md § Account).

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
};

/** What the app keeps about one received mail: metadata, never its content. */
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

/** GET /api/account/export (a JSON attachment), and `npm run account -- export`. */
export type AccountExport = {
  exportedAt: string;
  account: { id: string; email: string; name: string; createdAt: string };
  documents: AccountExportDocument[];
  mailRecords: AccountExportMail[];
  ledgerEntries: AccountExportLedgerEntry[];
  subscription: AccountExportSubscription;
};

/** POST /api/account/delete: the account's email, typed again. */
export type DeleteAccountRequest = { email: string };

// The account calls: export and deletion (docs/api.md § Account).
import { z } from 'zod/mini';
import { routeTable } from './route.js';
import { IsoDateTime } from './common.js';
import { NotificationSettingsView } from './notifications.js';
import { ReceivedMailBlock, ReceivedMailStatusChange } from './received-mails.js';

/** A document as the account export shows it. */
export const AccountExportDocument = z.strictObject({
  documentId: z.string(),
  documentName: z.string(),
  description: z.string(),
  forwardEmail: z.string(),
  /** The linked document's id (a Google Doc's, or `local-…`). */
  googleDocumentId: z.string(),
  /** Where new summaries go in the linked document. */
  placement: z.enum(['beginning', 'end']),
  emails: z.array(z.string()),
  createdAt: IsoDateTime,
  /** A document that continued in new linked documents: each part's id, part 1 first; empty otherwise. */
  parts: z.array(z.strictObject({ number: z.int(), googleDocumentId: z.string(), startedAt: IsoDateTime })),
});
export type AccountExportDocument = z.infer<typeof AccountExportDocument>;

/** What the app keeps about one received mail: metadata and the block written into the document, never its content. */
export const AccountExportMail = z.strictObject({
  mailId: z.string(),
  documentId: z.string(),
  subject: z.string(),
  sender: z.string(),
  status: z.string(),
  reason: z.nullable(z.string()),
  usedTokens: z.int(),
  receivedAt: IsoDateTime,
  finishedAt: z.nullable(IsoDateTime),
  /** The block as written into the document; null when none was written. */
  block: z.nullable(ReceivedMailBlock),
  /** Its status changes, oldest first. */
  history: z.array(ReceivedMailStatusChange),
});
export type AccountExportMail = z.infer<typeof AccountExportMail>;

export const AccountExportLedgerEntry = z.strictObject({
  kind: z.string(),
  tokens: z.int(),
  description: z.string(),
  paidUsdCents: z.int(),
  createdAt: IsoDateTime,
});
export type AccountExportLedgerEntry = z.infer<typeof AccountExportLedgerEntry>;

export const AccountExportSubscription = z.strictObject({
  subscriptionStatus: z.string(),
  isActive: z.boolean(),
  planType: z.nullable(z.string()),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.nullable(IsoDateTime),
  paymentEmail: z.nullable(z.string()),
  subscriptionTokens: z.int(),
  additionalTokens: z.int(),
});
export type AccountExportSubscription = z.infer<typeof AccountExportSubscription>;

/** A notification email decided for the account (docs/api.md § Notifications). */
export const AccountExportNotification = z.strictObject({
  /** `balance-low`, `balance-empty`, `held-mail`, `refused-sender` or `failed-mail`. */
  kind: z.string(),
  /** `pending`, `sending`, `sent`, `failed` (given up) or `skipped` (switched off). */
  status: z.string(),
  createdAt: IsoDateTime,
  sentAt: z.nullable(IsoDateTime),
});
export type AccountExportNotification = z.infer<typeof AccountExportNotification>;

/** GET /api/account/export (a JSON attachment), and `npm run account -- export`. */
export const AccountExport = z.strictObject({
  exportedAt: IsoDateTime,
  account: z.strictObject({ id: z.string(), email: z.string(), name: z.string(), createdAt: IsoDateTime }),
  documents: z.array(AccountExportDocument),
  mailRecords: z.array(AccountExportMail),
  ledgerEntries: z.array(AccountExportLedgerEntry),
  subscription: AccountExportSubscription,
  notifications: z.strictObject({ settings: NotificationSettingsView, mails: z.array(AccountExportNotification) }),
});
export type AccountExport = z.infer<typeof AccountExport>;

/** POST /api/account/delete: the account's email, typed again. */
export const DeleteAccountRequest = z.strictObject({ email: z.string().check(z.trim(), z.minLength(1, 'Type the account\'s email to confirm.'), z.maxLength(320)) });
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

export const accountRoutes = routeTable({
  exportAccount: { method: 'GET', path: '/api/account/export', auth: 'bearer', summary: 'Everything the app keeps about the account, as a JSON file.', status: 200, answer: AccountExport, attachment: true },
  deleteAccount: { method: 'POST', path: '/api/account/delete', auth: 'bearer', summary: 'Deletes the account (every session ends).', body: DeleteAccountRequest, status: 204, answer: null },
});

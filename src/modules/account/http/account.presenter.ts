import type { AccountExport } from '../../../contract/account.js';
import type { AccountData } from '../application/export-account.use-case.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Whitelists what the export shows: no content, no tokens or secrets, no internal keys. */
export function presentAccountExport(data: AccountData): AccountExport {
  const { user, subscription } = data;
  return {
    exportedAt: data.exportedAt.toISOString(),
    account: { id: user.id, email: user.email, name: user.name, createdAt: user.createdAt.toISOString() },
    documents: data.documents.map((document) => ({
      documentId: document.id,
      documentName: document.name,
      description: document.description,
      forwardEmail: document.forwardEmail,
      googleDocumentId: document.externalId,
      placement: document.overwriteAtBeginning ? 'beginning' : 'end',
      emails: [...document.emails],
      createdAt: document.createdAt.toISOString(),
      parts: (data.documentParts.get(document.id) ?? []).map((part) => ({ number: part.number, googleDocumentId: part.externalId, startedAt: part.startedAt.toISOString() })),
    })),
    mailRecords: data.mailRecords.map((mail) => ({
      mailId: mail.id,
      documentId: mail.documentId,
      subject: mail.subject,
      sender: mail.sender,
      status: mail.status,
      reason: mail.reason,
      usedTokens: mail.usedTokens,
      receivedAt: mail.receivedAt.toISOString(),
      finishedAt: iso(mail.finishedAt),
      block: mail.block && { heading: mail.block.heading, meta: [...mail.block.meta], summary: [...mail.block.summary], keyPoints: [...mail.block.keyPoints], actionItems: [...mail.block.actionItems] },
      history: mail.history.map((change) => ({ status: change.status, reason: change.reason, at: change.at.toISOString() })),
    })),
    ledgerEntries: data.ledgerEntries.map((entry) => ({
      kind: entry.kind,
      tokens: entry.tokens,
      description: entry.description,
      paidUsdCents: entry.paidUsdCents,
      createdAt: entry.createdAt.toISOString(),
    })),
    subscription: {
      subscriptionStatus: subscription.subscriptionStatus,
      isActive: subscription.isActive,
      planType: subscription.planType,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      currentPeriodEnd: iso(subscription.currentPeriodEnd),
      paymentEmail: subscription.paymentEmail,
      subscriptionTokens: subscription.subscriptionTokens,
      additionalTokens: subscription.additionalTokens,
    },
    notifications: {
      settings: { ...data.notifications.settings },
      mails: data.notifications.mails.map((mail) => ({ kind: mail.kind, status: mail.status, createdAt: mail.createdAt.toISOString(), sentAt: iso(mail.sentAt) })),
    },
  };
}

/** The attachment's file name: `mailscribe-export-<YYYY-MM-DD>.json`. */
export function exportFileName(exportedAt: Date): string {
  return `mailscribe-export-${exportedAt.toISOString().slice(0, 10)}.json`;
}

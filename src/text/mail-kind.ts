/**
 * What kind of mail this is; each kind is summarised in its own shape (a receipt by its total, due date
 * and number, an invitation by what, when and where…). `message` is everything else. Shared vocabulary
 * of the mail pipeline (which recognises the kind) and the summarisers (which shape by it).
 */
export type MailKind = 'message' | 'thread' | 'receipt' | 'invoice' | 'invitation' | 'booking' | 'bounce' | 'newsletter';

export const MAIL_KINDS: readonly MailKind[] = ['message', 'thread', 'receipt', 'invoice', 'invitation', 'booking', 'bounce', 'newsletter'];

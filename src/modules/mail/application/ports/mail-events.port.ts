/**
 * Tells the owner's open tabs that a mail of one of their documents changed (arrived, processed,
 * ignored, held, failed). Called after the change is committed; never throws.
 */
export interface MailEvents {
  mailChanged(change: { ownerId: string; documentId: string; mailId: string }): Promise<void>;
}

export const MAIL_EVENTS = Symbol('MailEvents');

/** For use cases built by hand in tests that do not watch events. */
export const noMailEvents: MailEvents = { mailChanged: () => Promise.resolve() };

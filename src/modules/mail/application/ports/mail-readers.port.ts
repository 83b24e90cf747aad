/** Who reads a document's summaries: its owner, named to the model so it can tell a request to them from one to others. */
export interface MailReader {
  name: string;
  address: string;
}

export interface MailReaders {
  /** The owner's name and address, or null when the account is gone. */
  readerOf(ownerId: string): Promise<MailReader | null>;
}

export const MAIL_READERS = Symbol('MailReaders');

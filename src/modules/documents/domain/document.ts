export interface Document {
  /** Chosen by the browser (a uuid), so a retried create is recognised. */
  id: string;
  ownerId: string;
  name: string;
  description: string;
  emails: string[];
  forwardToken: string;
  forwardEmail: string;
  /** The store's id of the linked document (the API calls it googleDocumentId). */
  externalId: string;
  overwriteAtBeginning: boolean;
  /** The tab of the linked document that blocks go to; null or absent: the first tab. */
  tabId?: string | null;
  processedEmailsCount: number;
  createdAt: Date;
}

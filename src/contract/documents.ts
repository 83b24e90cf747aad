// The document calls (docs/api.md § Documents).

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
  /** ISO date-time. */
  createdAt: string;
};

/** POST /api/createGoogleDoc. */
export type CreateDocumentRequest = {
  /** A new UUID made by the client: repeating the call with it creates nothing more. */
  documentId: string;
  docName: string;
  description?: string;
  allowedEmails: string[];
};

/** POST /api/addAllowedEmail/{id}/emails and DELETE /api/deleteAllowedEmail/{id}/emails. */
export type AllowedEmailRequest = { email: string };

/** The whole allow-list after an email was added or removed. */
export type AllowedEmailsResponse = { emails: string[] };

/** PUT /api/documents/{id}/updateDescription. */
export type DescriptionRequest = { description: string };

/** PUT /api/document/{id}/overwrite-at-beginning. */
export type PlacementRequest = { overwriteAtBeginning: boolean };

/** PUT /api/document/{id}/title. */
export type TitleRequest = { title: string };

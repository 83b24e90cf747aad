// A handler of the fake server (fake-fetch.ts, which serves it by default), typed by what it reads.
type DocumentsHandler = (request: { query: Record<string, string> }) => { status: number; body: unknown };

interface ListedDocument {
  documentId: string;
  documentName: string;
  templateName?: string;
  emails: string[];
  forwardEmail: string;
  googleDocumentId?: string;
  documentUrl?: string;
  createdAt: string;
}

/**
 * `GET /api/google-docs` as the server answers it: one page of cards when asked with paging parameters (the
 * documents list), the whole list otherwise (the onboarding guide, the sidebar).
 */
export function documentsAnswer(documents: readonly ListedDocument[] = []): DocumentsHandler {
  return (request) => {
    if (Object.keys(request.query).length === 0) {
      // The whole list: every field of DocumentListItem, as the contract requires.
      const items = documents.map((document) => ({ templateName: '', googleDocumentId: `g-${document.documentId}`, documentUrl: '', ...document }));
      return { status: 200, body: items };
    }
    const pageSize = Number(request.query['pageSize'] ?? 24);
    const data = documents.slice(0, pageSize).map(({ documentId, documentName, emails, forwardEmail, documentUrl, createdAt }) => ({
      documentId,
      documentName,
      allowedEmailsCount: emails.length,
      forwardEmail,
      documentUrl: documentUrl ?? '',
      createdAt,
    }));
    return { status: 200, body: { data, total: documents.length, page: 1, pageSize } };
  };
}

import type { Handler } from './fake-fetch';

interface ListedDocument {
  documentId: string;
  documentName: string;
  emails: string[];
  forwardEmail: string;
  documentUrl?: string;
  createdAt: string;
}

/**
 * `GET /api/google-docs` as the server answers it: one page of cards when asked with paging parameters (the
 * documents list), the whole list otherwise (the onboarding guide, the sidebar).
 */
export function documentsAnswer(documents: readonly ListedDocument[] = []): Handler {
  return (request) => {
    if (Object.keys(request.query).length === 0) return { status: 200, body: documents };
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

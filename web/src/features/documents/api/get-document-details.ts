import { api } from '@/lib/api-client';
import type { DocumentDetails } from './types';

/** GET /api/getDocumentDetails/{id}: 404 when the document is missing or someone else's. */
export async function getDocumentDetails(documentId: string): Promise<DocumentDetails> {
  return api.get(`getDocumentDetails/${encodeURIComponent(documentId)}`).json<DocumentDetails>();
}

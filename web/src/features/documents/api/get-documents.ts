import { api } from '@/lib/api-client';
import type { DocumentListItem } from './types';

/** GET /api/google-docs: the user's documents, newest first. */
export async function getDocuments(): Promise<DocumentListItem[]> {
  return api.get('google-docs').json<DocumentListItem[]>();
}

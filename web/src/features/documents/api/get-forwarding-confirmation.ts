import { api } from '@/lib/api-client';
import type { ForwardingConfirmation } from './types';

/** GET /api/document/{id}/forwarding-confirmation: Gmail's latest confirmation request for the forward address, or null. */
export async function getForwardingConfirmation(documentId: string, signal?: AbortSignal): Promise<ForwardingConfirmation | null> {
  const body = await api
    .get(`document/${encodeURIComponent(documentId)}/forwarding-confirmation`, signal ? { signal } : {})
    .json<{ forwardingConfirmation?: ForwardingConfirmation | null }>();
  return body.forwardingConfirmation ?? null;
}

// The document on the details page (spec §2 "Document details"), changed locally after each
// change the server accepted.
import { create } from 'zustand';
import { httpStatusOf } from '@/lib/api-error';
import { getDocumentDetails } from '../api/get-document-details';
import type { DocumentDetails } from '../api/types';

export type DetailsStatus = 'idle' | 'loading' | 'ready' | 'not-found' | 'error';

type DocumentDetailsState = {
  /** The id the state belongs to: a page for another id must not show it. */
  documentId: string | null;
  document: DocumentDetails | null;
  status: DetailsStatus;
  load: (documentId: string) => Promise<void>;
  /** Applies a change the server has accepted. */
  update: (change: Partial<DocumentDetails>) => void;
};

let latestLoad = 0;

const initialState = { documentId: null, document: null, status: 'idle' } satisfies Partial<DocumentDetailsState>;

export const useDocumentDetailsStore = create<DocumentDetailsState>()((set) => ({
  ...initialState,
  load: async (documentId) => {
    const load = ++latestLoad;
    set({ documentId, document: null, status: 'loading' });
    try {
      const document = await getDocumentDetails(documentId);
      if (load === latestLoad) set({ document, status: 'ready' });
    } catch (error) {
      if (load !== latestLoad) return;
      if (httpStatusOf(error) === 404) {
        set({ status: 'not-found' });
        return;
      }
      // Spec §8: a load failure is logged only.
      console.warn('Could not load the document details.', error);
      set({ status: 'error' });
    }
  },
  update: (change) => set((state) => (state.document ? { document: { ...state.document, ...change } } : {})),
}));

/** Back to the state of a fresh page load (tests, and nothing else, need this). */
export function resetDocumentDetailsStore(): void {
  latestLoad++;
  useDocumentDetailsStore.setState(initialState);
}

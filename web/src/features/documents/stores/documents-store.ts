// The documents list (spec §2, §4): loaded from the server, changed locally after a create or delete.
import { create } from 'zustand';
import { getDocuments } from '../api/get-documents';
import type { DocumentListItem } from '../api/types';

export type DocumentsStatus = 'idle' | 'loading' | 'ready' | 'error';

type DocumentsState = {
  items: DocumentListItem[];
  status: DocumentsStatus;
  error: unknown;
  /** Fetches the list. Only the first load shows as loading; later ones refresh what is shown. */
  load: () => Promise<void>;
  /** Spec §4: a created document goes first. */
  prepend: (item: DocumentListItem) => void;
  /** Spec §4: a deleted document goes once the server confirmed it. */
  remove: (documentId: string) => void;
};

let latestLoad = 0;

const initialState = { items: [], status: 'idle', error: null } satisfies Partial<DocumentsState>;

export const useDocumentsStore = create<DocumentsState>()((set, get) => ({
  ...initialState,
  load: async () => {
    const load = ++latestLoad;
    if (get().status !== 'ready') set({ status: 'loading', error: null });
    try {
      const items = await getDocuments();
      if (load === latestLoad) set({ items, status: 'ready', error: null });
    } catch (error) {
      if (load !== latestLoad) return;
      // Spec §8: a load failure is logged only.
      console.warn('Could not load the documents.', error);
      set({ status: 'error', error });
    }
  },
  prepend: (item) =>
    set((state) => ({ items: [item, ...state.items.filter((existing) => existing.documentId !== item.documentId)] })),
  remove: (documentId) => set((state) => ({ items: state.items.filter((item) => item.documentId !== documentId) })),
}));

/** Back to the state of a fresh page load (tests, and nothing else, need this). */
export function resetDocumentsStore(): void {
  latestLoad++;
  useDocumentsStore.setState(initialState);
}

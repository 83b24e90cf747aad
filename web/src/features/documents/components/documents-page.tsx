import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed, loadFailureOf } from '@/components/ui/load-failed/load-failed';
import { EmptyState } from '@/components/ui/page/empty-state';
import { PageHeader } from '@/components/ui/page/page-header';
import { Spinner } from '@/components/ui/spinner/spinner';
import { paths } from '@/config/paths';
import { useDocuments } from '../api/get-documents';
import type { DocumentListItem } from '../api/types';
import { DEFAULT_SORT, visibleDocuments, type DocumentSort } from '../utils/document-list';
import { CreateDocumentDialog } from './create-document-dialog';
import { DeleteDocumentDialog } from './delete-document-dialog';
import { DocumentCard } from './document-card';
import { DocumentsToolbar } from './documents-toolbar';
import './documents.css';

/** /dashboard and /dashboard/docs: spec §2 "Documents list". */
export function DocumentsPage() {
  const documents = useDocuments();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<DocumentSort>(DEFAULT_SORT);
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<DocumentListItem | null>(null);

  const loading = documents.isPending;
  const failure = loadFailureOf(documents, 'Your documents could not be loaded.');
  const items = useMemo(() => documents.data ?? [], [documents.data]);
  const shown = useMemo(() => visibleDocuments(items, query, sort), [items, query, sort]);
  const openCreate = () => setCreating(true);

  return (
    <div className="documents-page">
      <PageHeader
        title={loading ? 'Loading documents ...' : 'Documents'}
        description="Each document has its own forward address. Mail from allowed senders is summarised into it."
        actions={
          <button type="button" className="button button--primary" onClick={openCreate}>
            + Add New Document
          </button>
        }
      />

      {loading ? (
        <div className="documents-loading">
          <Spinner size="large" />
        </div>
      ) : failure ? (
        // Not the invitation to create one: there may well be documents.
        <section className="card">
          <LoadFailed {...failure} />
        </section>
      ) : items.length === 0 ? (
        documents.isSuccess ? (
          <EmptyState message="You have no documents yet. Create your first one and start forwarding emails to it.">
            <button type="button" className="button button--primary" onClick={openCreate}>
              Create your first document
            </button>
            <Link className="button button--ghost" to={paths.onboarding.getHref()}>
              New here? Follow the setup guide
            </Link>
          </EmptyState>
        ) : null
      ) : (
        <>
          <DocumentsToolbar query={query} onQueryChange={setQuery} sort={sort} onSortChange={setSort} />
          {shown.length === 0 ? (
            <EmptyState message={`No documents match “${query.trim()}”.`} />
          ) : (
            <ul className="documents-grid" aria-label="Documents">
              {shown.map((document) => (
                <DocumentCard key={document.documentId} document={document} onDelete={setToDelete} />
              ))}
            </ul>
          )}
        </>
      )}

      {creating ? <CreateDocumentDialog onClose={() => setCreating(false)} /> : null}
      {toDelete ? <DeleteDocumentDialog document={toDelete} onClose={() => setToDelete(null)} /> : null}
    </div>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed, loadFailureOf } from '@/components/ui/load-failed/load-failed';
import { EmptyState } from '@/components/ui/page/empty-state';
import { PageHeader } from '@/components/ui/page/page-header';
import { Spinner } from '@/components/ui/spinner/spinner';
import { paths } from '@/config/paths';
import type { DocumentCard as DocumentCardItem } from '../api/types';
import { useDocumentList } from '../hooks/use-document-list';
import { DEFAULT_SORT, LIST_PAGE_SIZE, type DocumentSort } from '../utils/document-list';
import { CreateDocumentDialog } from './create-document-dialog';
import { DeleteDocumentDialog } from './delete-document-dialog';
import { DocumentCard } from './document-card';
import { DocumentsPager } from './documents-pager';
import { DocumentsToolbar } from './documents-toolbar';
import './documents.css';

const LOAD_FAILED = 'Your documents could not be loaded.';

/** /dashboard and /dashboard/docs: docs/product.md § Documents list. */
export function DocumentsPage() {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<DocumentSort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<DocumentCardItem | null>(null);
  const list = useDocumentList(query, sort, page);

  // A deletion can leave a large account's last page empty: show the new last page instead.
  if (list.serverSide && !list.updating && page > list.pageCount) setPage(list.pageCount);

  const failure = loadFailureOf(list.first, LOAD_FAILED) ?? (list.serverSide ? loadFailureOf(list.paged, LOAD_FAILED) : null);
  const openCreate = () => setCreating(true);
  // A new search or order starts from the first page.
  const changeQuery = (next: string) => {
    setQuery(next);
    setPage(1);
  };
  const changeSort = (next: DocumentSort) => {
    setSort(next);
    setPage(1);
  };

  return (
    <div className="documents-page">
      <PageHeader
        title={list.loading ? 'Loading documents ...' : 'Documents'}
        description="Each document has its own forward address. Mail from allowed senders is summarised into it."
        actions={
          <button type="button" className="button button--primary" onClick={openCreate}>
            + Add New Document
          </button>
        }
      />

      {list.loading ? (
        <div className="documents-loading">
          <Spinner size="large" />
        </div>
      ) : failure ? (
        // Not the invitation to create one: there may well be documents.
        <section className="card">
          <LoadFailed {...failure} />
        </section>
      ) : list.empty ? (
        <EmptyState message="You have no documents yet. Create your first one and start forwarding emails to it.">
          <button type="button" className="button button--primary" onClick={openCreate}>
            Create your first document
          </button>
          <Link className="button button--ghost" to={paths.onboarding.getHref()}>
            New here? Follow the setup guide
          </Link>
        </EmptyState>
      ) : (
        <>
          <DocumentsToolbar query={query} onQueryChange={changeQuery} sort={sort} onSortChange={changeSort} />
          {list.shown.length === 0 ? (
            list.updating ? null : <EmptyState message={`No documents match “${list.search}”.`} />
          ) : (
            <ul className={`documents-grid${list.updating ? ' documents-grid--updating' : ''}`} aria-label="Documents" aria-busy={list.updating || undefined}>
              {list.shown.map((document) => (
                <DocumentCard key={document.documentId} document={document} onDelete={setToDelete} />
              ))}
            </ul>
          )}
          {list.serverSide && list.total > LIST_PAGE_SIZE ? (
            <DocumentsPager page={page} pageCount={list.pageCount} pageSize={LIST_PAGE_SIZE} total={list.total} onPageChange={setPage} />
          ) : null}
        </>
      )}

      {creating ? <CreateDocumentDialog onClose={() => setCreating(false)} /> : null}
      {toDelete ? <DeleteDocumentDialog document={toDelete} onClose={() => setToDelete(null)} /> : null}
    </div>
  );
}

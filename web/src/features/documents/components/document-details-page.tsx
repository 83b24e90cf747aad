import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page/page-header';
import { Spinner } from '@/components/ui/spinner/spinner';
import { paths } from '@/config/paths';
import { useDocumentDetailsStore } from '../stores/document-details-store';
import { DocumentDetailsView } from './document-details-view';
import { DocumentNotFound } from './document-not-found';
import './documents.css';
import './document-form.css';
import './document-details.css';

/** /dashboard/doc/:id: spec §2 "Document details". */
export function DocumentDetailsPage() {
  const { id = '' } = useParams();
  const loadedId = useDocumentDetailsStore((state) => state.documentId);
  const document = useDocumentDetailsStore((state) => state.document);
  const storeStatus = useDocumentDetailsStore((state) => state.status);
  const load = useDocumentDetailsStore((state) => state.load);

  useEffect(() => {
    void load(id);
  }, [id, load]);

  // Until this id's answer is in, the store may still hold another document.
  const status = loadedId === id ? storeStatus : 'loading';
  if (status === 'not-found') return <DocumentNotFound />;

  return (
    <>
      <Link className="button button--ghost back-link" to={paths.documents.getHref()}>
        <span aria-hidden="true">←</span> Back to documents
      </Link>
      {status === 'ready' && document ? (
        <DocumentDetailsView key={document.documentId} document={document} />
      ) : status === 'error' ? (
        // Spec §8: a load failure is logged only.
        <PageHeader title="Document details" />
      ) : (
        <>
          <PageHeader title="Loading document details ..." />
          <div className="documents-loading">
            <Spinner size="large" />
          </div>
        </>
      )}
    </>
  );
}

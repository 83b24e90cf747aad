import { Link, useParams } from 'react-router-dom';
import { LoadFailed, loadFailureOf } from '@/components/ui/load-failed/load-failed';
import { PageHeader } from '@/components/ui/page/page-header';
import { Spinner } from '@/components/ui/spinner/spinner';
import { paths } from '@/config/paths';
import { httpStatusOf } from '@/lib/api-error';
import { useDocumentDetails } from '../api/get-document-details';
import { DocumentDetailsView } from './document-details-view';
import { DocumentNotFound } from './document-not-found';
import './documents.css';
import './document-form.css';
import '@/components/ui/icon-button/icon-button.css';
import './document-details.css';
import './processed-emails.css';

/** /dashboard/doc/:id: docs/product.md § Document details. */
export function DocumentDetailsPage() {
  const { id = '' } = useParams();
  const details = useDocumentDetails(id);
  const { data: document, error } = details;
  const failure = loadFailureOf(details, 'This document could not be loaded.');

  if (httpStatusOf(error) === 404) return <DocumentNotFound />;

  return (
    <>
      <Link className="button button--ghost back-link" to={paths.documents.getHref()}>
        <span aria-hidden="true">←</span> Back to documents
      </Link>
      {document ? (
        <DocumentDetailsView key={document.documentId} document={document} />
      ) : failure ? (
        <>
          <PageHeader title="Document details" />
          <section className="card">
            <LoadFailed {...failure} />
          </section>
        </>
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

import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Spec §2 and §8: a missing (or someone else's) document shows a not-found text in Polish. */
export function DocumentNotFound() {
  return (
    <section className="document-missing card" lang="pl">
      <p className="document-missing__code" aria-hidden="true">
        404
      </p>
      <h1 className="document-missing__title">Nie znaleziono dokumentu.</h1>
      <p className="document-missing__hint">Dokument mógł zostać usunięty lub nie masz do niego dostępu.</p>
      <Link className="button button--primary" to={paths.documents.getHref()} lang="en">
        Back to documents
      </Link>
    </section>
  );
}

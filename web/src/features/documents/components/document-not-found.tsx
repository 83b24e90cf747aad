import { Link } from 'react-router-dom';
import { NotFoundNotice } from '@/components/ui/status/not-found-notice';
import { paths } from '@/config/paths';

/** docs/product.md § Document details: a missing (or someone else's) document shows a not-found text in Polish. */
export function DocumentNotFound() {
  return (
    <NotFoundNotice
      lang="pl"
      title="Nie znaleziono dokumentu."
      hint="Dokument mógł zostać usunięty lub nie masz do niego dostępu."
      action={
        <Link className="button button--primary" to={paths.documents.getHref()} lang="en">
          Back to documents
        </Link>
      }
    />
  );
}

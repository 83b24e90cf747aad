import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import './not-found-page.css';

/** Spec §2 catch-all screen. */
export function NotFoundPage() {
  const navigate = useNavigate();

  return (
    <main className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">No results found</h1>
      <p className="not-found__message">We couldn&apos;t find what you searched for. Try searching again.</p>
      <button type="button" className="button button--primary button--large" onClick={() => void navigate(paths.home.getHref())}>
        Go to Main Page
      </button>
    </main>
  );
}

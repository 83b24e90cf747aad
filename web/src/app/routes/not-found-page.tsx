import { useNavigate } from 'react-router-dom';
import { NotFoundNotice } from '@/components/ui/status/not-found-notice';
import { paths } from '@/config/paths';

/** The catch-all screen (docs/product.md § Screens). */
export function NotFoundPage() {
  const navigate = useNavigate();

  return (
    <NotFoundNotice
      screen
      title="No results found"
      hint="We couldn't find what you searched for. Try searching again."
      action={
        <button type="button" className="button button--primary button--large" onClick={() => void navigate(paths.home.getHref())}>
          Go to Main Page
        </button>
      }
    />
  );
}

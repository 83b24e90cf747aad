import { Spinner } from '@/components/ui/spinner/spinner';
import './route-fallback.css';

/** Shown in the content area while a lazily loaded page's code arrives on the first load. */
export function RouteFallback() {
  return (
    <div className="route-fallback">
      <Spinner size="medium" label="Loading page" />
    </div>
  );
}

/** The same for a page outside the dashboard shell: the whole window waits. */
export function PageFallback() {
  return (
    <div className="route-fallback route-fallback--page">
      <Spinner size="large" label="Loading page" />
    </div>
  );
}

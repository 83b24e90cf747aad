// The error screen of every route (router.tsx): a page that failed to render or whose code failed to
// load shows a sentence and "Try again", never React Router's developer page or a stack trace. The
// error goes to the console for developers. A page whose code failed to load while the server answers
// is most likely an old page after a deployment: it is reloaded once by itself (chunk-reload.ts).
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { probeServer, reportUnreachable } from '@/components/ui/offline-banner/connection-store';
import { RetryButton } from '@/components/ui/load-failed/retry-button';
import { Spinner } from '@/components/ui/spinner/spinner';
import { reloadPage } from '@/lib/navigation';
import { claimChunkReload, isChunkLoadError } from './chunk-reload';
import { NotFoundPage } from './not-found-page';
import '@/components/ui/status/center-stack.css';
import './route-error.css';

type Phase = 'reloading' | 'shown' | 'retrying';

/** Reloads the page when the server answers; otherwise the offline banner says why nothing happens. */
async function reloadIfReachable(): Promise<boolean> {
  if (await probeServer()) {
    reloadPage();
    return true;
  }
  reportUnreachable();
  return false;
}

function useRouteFailure() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const [phase, setPhase] = useState<Phase>(chunk ? 'reloading' : 'shown');

  useEffect(() => {
    console.error('The page failed.', error);
    if (!chunk) return undefined;
    let active = true;
    void (async () => {
      const reachable = await probeServer();
      if (!active) return;
      if (reachable && claimChunkReload()) {
        reloadPage();
        return;
      }
      if (!reachable) reportUnreachable();
      setPhase('shown');
    })();
    return () => {
      active = false;
    };
  }, [error, chunk]);

  const retry = () => {
    if (phase === 'retrying') return;
    setPhase('retrying');
    void reloadIfReachable().then((reloading) => {
      if (!reloading) setPhase('shown');
    });
  };

  return { error, chunk, phase, retry };
}

type RouteErrorContentProps = { chunk: boolean; retrying: boolean; onRetry: () => void };

function RouteErrorContent({ chunk, retrying, onRetry }: RouteErrorContentProps) {
  return (
    <>
      <h1 className="route-error__title">Something went wrong</h1>
      <p className="route-error__message" role="alert">
        {chunk
          ? 'This page could not be loaded. Check your connection, then try again.'
          : 'This page ran into a problem and could not be shown. Try again in a moment.'}
      </p>
      <RetryButton className="button button--primary" onRetry={onRetry} retrying={retrying} />
    </>
  );
}

/** In the dashboard's content area: the sidebar and the header stay usable. */
export function RouteError() {
  const { error, chunk, phase, retry } = useRouteFailure();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (phase === 'reloading') {
    return (
      <div className="center-stack route-error">
        <Spinner size="medium" label="Loading page" />
      </div>
    );
  }
  return (
    <div className="center-stack route-error">
      <RouteErrorContent chunk={chunk} retrying={phase === 'retrying'} onRetry={retry} />
    </div>
  );
}

/** Any other route: the whole window. */
export function PageError() {
  const { error, chunk, phase, retry } = useRouteFailure();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (phase === 'reloading') {
    return (
      <main className="center-stack center-stack--page route-error">
        <Spinner size="large" label="Loading page" />
      </main>
    );
  }
  return (
    <main className="center-stack center-stack--page route-error">
      <div className="route-error__body">
        <RouteErrorContent chunk={chunk} retrying={phase === 'retrying'} onRetry={retry} />
      </div>
      <a className="button button--secondary" href="/">
        Back to Home
      </a>
    </main>
  );
}

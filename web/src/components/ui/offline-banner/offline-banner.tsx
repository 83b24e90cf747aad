import { useConnection } from './connection-store';
import './offline-banner.css';

/**
 * Says that the server cannot be reached while it cannot (connection-store), so failed loads do not
 * pass for empty data. In the page's flow at the very top: it pushes the page down, never covers it.
 */
export function OfflineBanner() {
  const offline = useConnection((state) => state.offline);
  // The live region stays mounted so that the message is announced when it appears.
  return (
    <div className="offline-banner" role="status" data-offline={offline || undefined}>
      {offline ? (
        <p className="offline-banner__message">
          <span className="pulse offline-banner__dot" aria-hidden="true" />
          Offline — reconnecting
        </p>
      ) : null}
    </div>
  );
}

import { useEffect, useRef } from 'react';

/**
 * Calls `callback` when the user comes back to the page: the window regains focus, or the tab becomes
 * visible again (where a phone switches apps without a focus event). Used to show what arrived while the
 * user was in their mail client.
 */
export function useOnReturn(callback: () => void): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });

  useEffect(() => {
    let last = 0;
    const onReturn = () => {
      // Focus and visibility often come together: one reload is enough.
      const now = Date.now();
      if (now - last < 500) return;
      last = now;
      latest.current();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') onReturn();
    };
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}

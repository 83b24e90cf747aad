import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const read = () => window.innerWidth;

/** The window's inner width, updated on resize. */
export function useWindowWidth(): number {
  return useSyncExternalStore(subscribe, read, read);
}

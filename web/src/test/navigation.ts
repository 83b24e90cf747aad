// Captures the app's full-page navigations (lib/navigation's assignLocation) instead of leaving the page.
import { onTestFinished } from 'vitest';
import { setLocationAssigner, setPageReloader } from '@/lib/navigation';

/** The URLs the app sent the browser to, in order. Restored when the test finishes. */
export function captureAssignedLocations(): string[] {
  const assigned: string[] = [];
  onTestFinished(setLocationAssigner((url) => assigned.push(url)));
  return assigned;
}

/** Counts the app's page reloads (lib/navigation's reloadPage) instead of reloading. Restored when the test finishes. */
export function captureReloads(): { count: () => number } {
  let reloads = 0;
  onTestFinished(
    setPageReloader(() => {
      reloads += 1;
    }),
  );
  return { count: () => reloads };
}

// Captures the app's full-page navigations (lib/navigation's assignLocation) instead of leaving the page.
import { onTestFinished } from 'vitest';
import { setLocationAssigner } from '@/lib/navigation';

/** The URLs the app sent the browser to, in order. Restored when the test finishes. */
export function captureAssignedLocations(): string[] {
  const assigned: string[] = [];
  onTestFinished(setLocationAssigner((url) => assigned.push(url)));
  return assigned;
}

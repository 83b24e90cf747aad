import 'reflect-metadata';
import { afterEach, vi } from 'vitest';

// Files share a worker's modules (vitest.config.ts, isolate: false): what a test changed process-wide
// goes back before the next test, whichever file it belongs to.
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

import 'reflect-metadata';
import { afterEach, vi } from 'vitest';

// What a test changed process-wide goes back before the next test, even where the test forgot to.
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

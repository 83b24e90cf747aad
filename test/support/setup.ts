import 'reflect-metadata';
import { afterAll, afterEach, vi } from 'vitest';
import { removeFileTempDirs } from './temp-dirs.js';

// What a test changed process-wide goes back before the next test, even where the test forgot to.
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

// Registered first, so it runs after the file's own afterAll hooks have stopped its apps and processes.
afterAll(() => removeFileTempDirs());

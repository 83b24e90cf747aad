import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_KEY, claimChunkReload, isChunkLoadError, RELOAD_GUARD_MS } from '../chunk-reload';

describe('chunk reload guard', () => {
  it("recognises the browsers' and Vite's messages for a page's code that failed to load", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/usage-page-1a2b.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/usage-9f.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('allows one reload and marks it with its time', () => {
    expect(claimChunkReload(1_000_000, window.sessionStorage)).toBe(true);
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('refuses a second reload within the guard time, so a missing chunk never reloads in a loop', () => {
    expect(claimChunkReload(1_000_000, window.sessionStorage)).toBe(true);
    expect(claimChunkReload(1_000_000 + RELOAD_GUARD_MS - 1, window.sessionStorage)).toBe(false);
    expect(claimChunkReload(1_000_000 + 5, window.sessionStorage)).toBe(false);
  });

  it('allows a reload again once the guard time has passed (a later deployment)', () => {
    expect(claimChunkReload(1_000_000, window.sessionStorage)).toBe(true);
    expect(claimChunkReload(1_000_000 + RELOAD_GUARD_MS, window.sessionStorage)).toBe(true);
  });

  it('does not reload when the mark cannot be kept', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    expect(claimChunkReload(1_000_000, refusing)).toBe(false);
    expect(claimChunkReload(1_000_000, null)).toBe(false);
  });
});

// A page's code that no longer loads: after a deployment the old asset names are gone (the server
// answers index.html for them), or the server is unreachable. The first case is healed by loading the
// page again, which fetches the new index.html and its new asset names; the reload happens at most
// once per RELOAD_GUARD_MS (a mark with its time in sessionStorage), so a chunk that is really missing
// shows the error screen instead of reloading for ever (docs/architecture.md, "Failure the user can see").

export const CHUNK_RELOAD_KEY = 'mailscribe.chunk-reload';
/** A second failure within this long after an automatic reload is shown, not reloaded again. */
export const RELOAD_GUARD_MS = 60_000;

/** What browsers and Vite say when a dynamic import or its preloaded CSS fails. */
const CHUNK_ERROR = /dynamically imported module|importing a module script failed|error loading dynamically imported module|unable to preload css|failed to load module script/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/**
 * True when an automatic reload may happen now, and marks it (the caller then reloads); false when one
 * happened within RELOAD_GUARD_MS, or when the mark cannot be kept (a reload could not be told apart
 * from a loop).
 */
export function claimChunkReload(now: number = Date.now(), storage: Storage | null = sessionStorageOrNull()): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY));
    if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

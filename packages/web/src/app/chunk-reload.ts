/** A chunk-loading failure reloads the page, at most once per 60 seconds (spec sections 4 and 9). */
export const CHUNK_RELOAD_KEY = 'chunkReloadAt';
export const CHUNK_RELOAD_GUARD_MS = 60_000;

const CHUNK_ERROR = /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

export function isChunkLoadError(err: unknown): boolean {
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return CHUNK_ERROR.test(message);
}

/** True (and records the time) when no reload happened within the guard window. */
export function claimChunkReload(storage: Pick<Storage, 'getItem' | 'setItem'>, now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0) || 0;
  } catch {
    return false;
  }
  if (last > 0 && now - last >= 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Without storage the guard cannot hold, so never reload (no reload loops).
    return false;
  }
  return true;
}

/** Reloads for a stale deployment's missing chunk; false when the guard says a reload just happened. */
export function reloadForChunkError(): boolean {
  if (!claimChunkReload(sessionStorage)) return false;
  window.location.reload();
  return true;
}

/** Vite announces failed preloads of a lazy page's dependencies with this event. */
export function installChunkReloadListener(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}

/**
 * After a new release the old hashed chunks are gone, so a tab opened before the release fails
 * to load the next lazy page or popover ("Failed to fetch dynamically imported module") and the
 * whole shell would fall to the error screen. Vite reports such failures as `vite:preloadError`;
 * we reload once to pick up the new index.html and its chunks. A second failure within a minute
 * (or a failure while offline, where a reload cannot help) is left to the error boundary.
 */
const LAST_RELOAD_KEY = 'sy_chunk_reload_at';
const RELOAD_GUARD_MS = 60_000;

export function shouldReloadForStaleChunk(now: number, lastReloadAt: number | null, online: boolean): boolean {
  if (!online) return false;
  return lastReloadAt === null || now - lastReloadAt > RELOAD_GUARD_MS;
}

export function installStaleChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    let last: number | null = null;
    try {
      const stored = Number(sessionStorage.getItem(LAST_RELOAD_KEY));
      last = Number.isFinite(stored) && stored > 0 ? stored : null;
    } catch {
      // Session storage unavailable: without a loop guard, do not reload.
      return;
    }
    const now = Date.now();
    if (!shouldReloadForStaleChunk(now, last, navigator.onLine)) return;
    try {
      sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
    } catch {
      return;
    }
    event.preventDefault();
    console.warn(
      '[chunks] a chunk of an older release failed to load; reloading',
      (event as Event & { payload?: unknown }).payload,
    );
    window.location.reload();
  });
}

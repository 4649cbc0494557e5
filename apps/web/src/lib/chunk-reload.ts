/**
 * A page part that fails to load (typically after a deployment replaced the chunks) makes the
 * application reload the page (spec shell §2.1) — once: a sessionStorage flag stops a reload loop.
 * Any page part that loads fine clears the flag again.
 */
const FLAG = 'schutzwerk.chunk-reload';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/**
 * Reloads the page if it has not just done so for the same reason; false when the guard stops it.
 * Offline a reload cannot help (the browser would show its own offline page instead of the app): no
 * reload then, the error screen offers 'Seite neu laden'.
 */
export function reloadOnceForChunkError(): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  try {
    if (sessionStorage.getItem(FLAG)) return false;
    sessionStorage.setItem(FLAG, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

export function clearChunkReloadFlag(): void {
  try {
    sessionStorage.removeItem(FLAG);
  } catch {
    // Storage unavailable: nothing to clear.
  }
}

/** Route `lazy` loader for a page module: `lazyPage(() => import('…'), (m) => m.EmployeeListPage)`. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) {
  return async () => {
    const module = await load();
    clearChunkReloadFlag();
    return { Component: pick(module) };
  };
}

/**
 * Route `lazy` loader for a layout around pages (the guard, the shell): like `lazyPage`, but it leaves the
 * reload flag alone — the layout loads before the page below it, and clearing the flag there would let a
 * page chunk that keeps failing reload the window again and again.
 */
export function lazyLayout<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

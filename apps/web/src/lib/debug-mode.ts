/**
 * Debug mode: switched on with `?debug=1` in the address (remembered in this browser) and off with
 * `?debug=0`. It shows the memory display in the toolbar (spec shell §9: refreshed every 1000 ms).
 */
const STORAGE_KEY = 'schutzwerk.debug';
export const MEMORY_REFRESH_MS = 1000;

export function readDebugMode(
  search: string,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
): boolean {
  const flag = new URLSearchParams(search).get('debug');
  try {
    if (flag === '1' || flag === 'true') storage.setItem(STORAGE_KEY, '1');
    else if (flag === '0' || flag === 'false') storage.removeItem(STORAGE_KEY);
    return storage.getItem(STORAGE_KEY) === '1';
  } catch {
    // Storage can be blocked (privacy mode); the flag in the address still counts for this page.
    return flag === '1' || flag === 'true';
  }
}

type MemoryInfo = { usedJSHeapSize: number; totalJSHeapSize: number; jsHeapSizeLimit: number };

/** The JavaScript heap of this tab, where the browser reports it (Chromium: `performance.memory`). */
export function readHeap(perf: Performance = performance): MemoryInfo | undefined {
  const memory = (perf as Performance & { memory?: MemoryInfo }).memory;
  return memory && memory.usedJSHeapSize > 0 ? memory : undefined;
}

/**
 * The session-stored filter map (spec shell §3.1): per page path one filter value under the key
 * `path`, and the search text under `path + '--search'`. A left click on a menu entry clears both.
 */
const SEARCH_SUFFIX = '--search';

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage full or unavailable: the state just is not remembered.
  }
}

export function searchKey(path: string): string {
  return `${path}${SEARCH_SUFFIX}`;
}

export function loadListSearch(path: string): string {
  return read(searchKey(path)) ?? '';
}

export function saveListSearch(path: string, search: string): void {
  write(searchKey(path), search === '' ? null : search);
}

/** The stored filter of a page (any JSON value), or `fallback` when none is stored or it is unreadable. */
export function loadListFilter<T>(path: string, fallback: T, isValid?: (value: unknown) => value is T): T {
  const raw = read(path);
  if (raw === null) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    if (isValid && !isValid(value)) return fallback;
    return value as T;
  } catch {
    return fallback;
  }
}

export function saveListFilter(path: string, filter: unknown): void {
  write(path, filter === undefined ? null : JSON.stringify(filter));
}

/** Forget filter and search of a page (menu entry clicked with the left mouse button). */
export function clearListState(path: string): void {
  write(path, null);
  write(searchKey(path), null);
}

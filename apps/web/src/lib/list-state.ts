import { useCallback, useState } from 'react';

/**
 * The session-stored filter map (spec shell §3.1): per page path one filter value under the key
 * `path`, and the search text under `path + '--search'`. A left click on a menu entry clears both;
 * logout clears the whole map so the next user of the tab starts clean.
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

/** Forget the stored filters and searches of every page (logout): every key of the map is a page path. */
export function clearAllListState(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i);
      if (key?.startsWith('/')) keys.push(key);
    }
    for (const key of keys) sessionStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing stored either.
  }
}

export type ListState<F> = {
  search: string;
  setSearch: (search: string) => void;
  filter: F;
  /** Merge a patch into the filter (stored at once). */
  updateFilter: (patch: Partial<F>) => void;
};

/**
 * Search and filter of a list page, kept per path in the session-stored map: starts from what is stored
 * (or `defaultFilter`), stores every change. For the toolbar's filter button pass the filter part the
 * button cycles and its default, `filter: { value, defaultValue, onClick }` — the button is highlighted
 * only while the value differs from the default (see ToolbarConfig.filter).
 */
export function useListState<F extends object>(
  path: string,
  defaultFilter: F,
  isValid?: (value: unknown) => value is F,
): ListState<F> {
  const [search, setSearchState] = useState(() => loadListSearch(path));
  const [filter, setFilter] = useState<F>(() => loadListFilter(path, defaultFilter, isValid));
  const setSearch = useCallback(
    (value: string) => {
      setSearchState(value);
      saveListSearch(path, value);
    },
    [path],
  );
  const updateFilter = useCallback(
    (patch: Partial<F>) => {
      setFilter((current) => {
        const next = { ...current, ...patch };
        saveListFilter(path, next);
        return next;
      });
    },
    [path],
  );
  return { search, setSearch, filter, updateFilter };
}

import {
  LIST_DEFAULT_TOTAL,
  LIST_LOOK_AHEAD,
  LIST_MAX_ROWS_IN_MEMORY,
  LIST_PAGE_SIZE,
} from '@schutzwerk/shared/constants.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { QueryValue } from '#lib/api-client.ts';
import { fetchListPage } from './fetch-list-page.ts';
import { PagedRowCache } from './paged-row-cache.ts';

/** Quiet time after the last scroll movement before pages are requested (no requests while flinging). */
const FETCH_DELAY_MS = 60;

export type PagedRowsOptions = {
  source: string;
  params?: Record<string, QueryValue> | undefined;
  method?: 'GET' | 'POST' | undefined;
  search?: string | undefined;
  orderBy?: string | undefined;
  orderDirection?: 'asc' | 'desc' | undefined;
  reloadKey?: unknown;
  enabled?: boolean | undefined;
};

export type PagedRows<Row> = {
  /** The total row count: LIST_DEFAULT_TOTAL until the first answer, then the source's filteredCount. */
  total: number;
  /** True once the source answered for the current query. */
  answered: boolean;
  error: unknown;
  getRow: (index: number) => Row | undefined;
  reload: () => void;
  /** Rows held in memory right now (never more than LIST_MAX_ROWS_IN_MEMORY). */
  cachedRows: number;
  /** Tell the loader which rows are on screen (first and last index). */
  setVisibleRange: (first: number, last: number) => void;
};

/**
 * The lazy page loader behind the scrolling list (spec shell §2.5): pages of 100, at most 200 rows kept,
 * 30 rows of look-ahead, total 10000 before the first answer; a failed load leaves an empty list.
 */
export function usePagedRows<Row>(options: PagedRowsOptions): PagedRows<Row> {
  const { source, params, method, search, orderBy, orderDirection, reloadKey } = options;
  const enabled = options.enabled ?? true;
  const cacheRef = useRef<PagedRowCache<Row>>(null);
  cacheRef.current ??= new PagedRowCache<Row>(LIST_PAGE_SIZE, LIST_MAX_ROWS_IN_MEMORY);
  const cache = cacheRef.current;

  const [reloadCount, setReloadCount] = useState(0);
  const queryKey = useMemo(
    () => JSON.stringify({ source, params, method, search, orderBy, orderDirection, reloadKey, reloadCount }),
    [source, params, method, search, orderBy, orderDirection, reloadKey, reloadCount],
  );

  const [state, setState] = useState<{ key: string; total: number; answered: boolean; error: unknown }>({
    key: queryKey,
    total: LIST_DEFAULT_TOTAL,
    answered: false,
    error: null,
  });
  const [, setVersion] = useState(0);
  const inFlight = useRef(new Map<number, AbortController>());
  const neededRef = useRef<number[]>([]);

  // A new query (source, filters, search, order) starts from scratch: no rows, assumed total.
  const current =
    state.key === queryKey
      ? state
      : { key: queryKey, total: LIST_DEFAULT_TOTAL, answered: false, error: null };
  if (state.key !== queryKey) {
    cache.clear();
    setState(current);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query must abort the requests of the previous one.
  useEffect(() => {
    const requests = inFlight.current;
    return () => {
      for (const controller of requests.values()) controller.abort();
      requests.clear();
    };
  }, [queryKey]);

  const [range, setRange] = useState({ first: 0, last: 0 });
  const setVisibleRange = useCallback((first: number, last: number) => {
    const next = { first: Math.max(0, first), last: Math.max(0, last) };
    setRange((r) => (r.first === next.first && r.last === next.last ? r : next));
  }, []);

  const total = current.total;
  const { first, last } = range;

  useEffect(() => {
    if (!enabled) return;
    const needed = cache.neededPages(first, last, LIST_LOOK_AHEAD, total);
    neededRef.current = needed;
    // Stop loading pages the user has scrolled away from.
    for (const [page, controller] of inFlight.current) {
      if (!needed.includes(page)) {
        controller.abort();
        inFlight.current.delete(page);
      }
    }
    const missing = needed.filter((page) => !cache.has(page) && !inFlight.current.has(page));
    if (missing.length === 0) return;
    const timer = setTimeout(() => {
      for (const page of missing) {
        if (cache.has(page) || inFlight.current.has(page)) continue;
        const controller = new AbortController();
        inFlight.current.set(page, controller);
        fetchListPage<Row>(
          source,
          {
            params,
            search,
            orderBy,
            orderDirection,
            offset: page * LIST_PAGE_SIZE,
            limit: LIST_PAGE_SIZE,
          },
          method,
          controller.signal,
        )
          .then((result) => {
            if (controller.signal.aborted) return;
            inFlight.current.delete(page);
            cache.put(page, result.rows, neededRef.current);
            setState((s) =>
              s.key === queryKey
                ? { ...s, total: Math.max(0, result.filteredCount), answered: true, error: null }
                : s,
            );
            setVersion((v) => v + 1);
          })
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            inFlight.current.delete(page);
            for (const other of inFlight.current.values()) other.abort();
            inFlight.current.clear();
            cache.clear();
            setState((s) => (s.key === queryKey ? { ...s, total: 0, answered: true, error } : s));
          });
      }
    }, FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, cache, first, last, total, queryKey, source, params, method, search, orderBy, orderDirection]);

  const getRow = useCallback((index: number) => cache.get(index), [cache]);
  const reload = useCallback(() => setReloadCount((n) => n + 1), []);

  return {
    total,
    answered: current.answered,
    error: current.error,
    getRow,
    reload,
    cachedRows: cache.rowCount,
    setVisibleRange,
  };
}

import { describe, expect, it } from 'vitest';
import { PagedRowCache } from './paged-row-cache.ts';

const page = (index: number, size = 100) => Array.from({ length: size }, (_, i) => index * 100 + i);

describe('PagedRowCache', () => {
  it('computes the pages for the visible rows plus the look-ahead', () => {
    const cache = new PagedRowCache<number>(100, 200);
    expect(cache.neededPages(0, 15, 30, 10000)).toEqual([0]);
    expect(cache.neededPages(60, 75, 30, 10000)).toEqual([0, 1]);
    expect(cache.neededPages(9000, 9015, 30, 10000)).toEqual([90]);
    expect(cache.neededPages(9985, 9999, 30, 10000)).toEqual([99]);
    expect(cache.neededPages(0, 15, 30, 0)).toEqual([]);
    expect(cache.neededPages(0, 15, 30, 20)).toEqual([0]);
  });

  it('reads rows by absolute index', () => {
    const cache = new PagedRowCache<number>(100, 200);
    cache.put(3, page(3), [3]);
    expect(cache.get(345)).toBe(345);
    expect(cache.get(45)).toBeUndefined();
  });

  it('never holds more than maxRows rows while scrolling through 10000 rows', () => {
    const cache = new PagedRowCache<number>(100, 200);
    for (let first = 0; first < 10000; first += 37) {
      const needed = cache.neededPages(first, first + 20, 30, 10000);
      for (const p of needed) if (!cache.has(p)) cache.put(p, page(p), needed);
      expect(cache.rowCount).toBeLessThanOrEqual(200);
      for (const p of needed) expect(cache.has(p)).toBe(true);
    }
  });

  it('evicts the page farthest from the pages in use', () => {
    const cache = new PagedRowCache<number>(100, 200);
    cache.put(0, page(0), [0]);
    cache.put(1, page(1), [0, 1]);
    cache.put(50, page(50), [50]);
    expect(cache.pageIndexes).toEqual([1, 50]);
    cache.put(49, page(49), [49, 50]);
    expect(cache.pageIndexes).toEqual([49, 50]);
  });

  it('keeps the bound even when asked to keep too much', () => {
    const cache = new PagedRowCache<number>(100, 200);
    cache.put(0, page(0), [0, 1, 2]);
    cache.put(1, page(1), [0, 1, 2]);
    cache.put(2, page(2), [0, 1, 2]);
    expect(cache.rowCount).toBe(200);
    expect(cache.has(2)).toBe(true);
  });
});

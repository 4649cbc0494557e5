import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearAllListState,
  clearListState,
  loadListFilter,
  loadListSearch,
  saveListFilter,
  saveListSearch,
} from './list-state.ts';

class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  get length(): number {
    return this.map.size;
  }
  get size(): number {
    return this.map.size;
  }
}

describe('list-state', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true });
  });

  it('stores the search under path--search and the filter under path', () => {
    saveListSearch('/employee/list', 'Mei');
    saveListFilter('/employee/list', 2);
    expect(storage.getItem('/employee/list--search')).toBe('Mei');
    expect(storage.getItem('/employee/list')).toBe('2');
    expect(loadListSearch('/employee/list')).toBe('Mei');
    expect(loadListFilter('/employee/list', 0)).toBe(2);
  });

  it('falls back when nothing or something invalid is stored', () => {
    expect(loadListFilter('/x', 0)).toBe(0);
    storage.setItem('/x', '{broken');
    expect(loadListFilter('/x', 0)).toBe(0);
    storage.setItem('/x', '"text"');
    expect(loadListFilter('/x', 0, (v): v is number => typeof v === 'number')).toBe(0);
  });

  it('clears both keys of one path only', () => {
    saveListSearch('/a', 's');
    saveListFilter('/a', 1);
    saveListSearch('/b', 't');
    clearListState('/a');
    expect(loadListSearch('/a')).toBe('');
    expect(loadListFilter('/a', 0)).toBe(0);
    expect(loadListSearch('/b')).toBe('t');
  });

  it('removes an empty search instead of storing it', () => {
    saveListSearch('/a', 'x');
    saveListSearch('/a', '');
    expect(storage.size).toBe(0);
  });

  it('clears the filters and searches of every page on logout, and nothing else', () => {
    saveListSearch('/employee/list', 'Mei');
    saveListFilter('/employee/list', { active: 2 });
    saveListFilter('/role/list', { orderBy: 'name', orderDirection: 'desc' });
    storage.setItem('schutzwerk.chunk-reload', '1');
    clearAllListState();
    expect(loadListSearch('/employee/list')).toBe('');
    expect(loadListFilter('/employee/list', null)).toBeNull();
    expect(loadListFilter('/role/list', null)).toBeNull();
    expect(storage.getItem('schutzwerk.chunk-reload')).toBe('1');
    expect(storage.size).toBe(1);
  });
});

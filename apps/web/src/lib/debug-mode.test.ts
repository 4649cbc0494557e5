import { describe, expect, it } from 'vitest';
import { readDebugMode, readHeap } from './debug-mode.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('readDebugMode', () => {
  it('is switched on by ?debug=1, remembered, and switched off by ?debug=0', () => {
    const storage = memoryStorage();
    expect(readDebugMode('', storage)).toBe(false);
    expect(readDebugMode('?debug=1', storage)).toBe(true);
    expect(readDebugMode('?other=x', storage)).toBe(true);
    expect(readDebugMode('?debug=0', storage)).toBe(false);
    expect(readDebugMode('', storage)).toBe(false);
  });

  it('still honours the address when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {},
    };
    expect(readDebugMode('?debug=1', blocked)).toBe(true);
    expect(readDebugMode('', blocked)).toBe(false);
  });
});

describe('readHeap', () => {
  it('reads Chromium performance.memory and nothing elsewhere', () => {
    const memory = { usedJSHeapSize: 10_000_000, totalJSHeapSize: 20_000_000, jsHeapSizeLimit: 4e9 };
    expect(readHeap({ memory } as unknown as Performance)).toEqual(memory);
    expect(readHeap({} as Performance)).toBeUndefined();
  });
});

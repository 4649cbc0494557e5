import { describe, expect, it } from 'vitest';
import { isAppMode } from './app-mode.ts';

function fakeWindow(matching: string[], standalone?: boolean) {
  return {
    matchMedia: (query: string) => ({ matches: matching.includes(query) }) as MediaQueryList,
    navigator: { standalone } as unknown as Navigator,
  };
}

describe('isAppMode', () => {
  it('is true when installed (standalone or fullscreen display mode, or iOS home-screen app)', () => {
    expect(isAppMode(fakeWindow(['(display-mode: standalone)']))).toBe(true);
    expect(isAppMode(fakeWindow(['(display-mode: fullscreen)']))).toBe(true);
    expect(isAppMode(fakeWindow([], true))).toBe(true);
  });

  it('is false in a browser tab', () => {
    expect(isAppMode(fakeWindow(['(display-mode: browser)']))).toBe(false);
  });
});

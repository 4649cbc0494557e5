import { describe, expect, it } from 'vitest';
import { toolbarFilterValue } from './toolbar-context.tsx';

const onClick = () => {};

describe('toolbar filter button', () => {
  it("is highlighted (2) only while the list's filter differs from its default", () => {
    // Employee list: 0 'Nur aktive' is the default, 1 'Nur inaktive' and 2 'Alle' are not.
    expect(toolbarFilterValue({ value: 0, defaultValue: 0, onClick })).toBe(1);
    expect(toolbarFilterValue({ value: 1, defaultValue: 0, onClick })).toBe(2);
    expect(toolbarFilterValue({ value: 2, defaultValue: 0, onClick })).toBe(2);
    expect(toolbarFilterValue({ value: 2, defaultValue: 2, onClick })).toBe(1);
  });

  it("takes the value as the spec's button value when no default is declared", () => {
    expect(toolbarFilterValue({ value: true, onClick })).toBe(1);
    expect(toolbarFilterValue({ value: 1, onClick })).toBe(1);
    expect(toolbarFilterValue({ value: 2, onClick })).toBe(2);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertPickerProps, isValidPickerValue, validatePickerProps } from './validate-picker-props.ts';

describe('validatePickerProps', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts the defaults and non-blank texts', () => {
    expect(validatePickerProps({})).toEqual([]);
    expect(validatePickerProps({ title: 'Mitarbeiter wählen', searchLabel: 'Suchen', value: 3 })).toEqual([]);
  });

  it('rejects blank or non-string text props', () => {
    expect(validatePickerProps({ title: '' })).toHaveLength(1);
    expect(validatePickerProps({ title: '   ' })[0]).toMatch(/"title" must be a non-blank string/);
    expect(validatePickerProps({ applyLabel: 5 })[0]).toMatch(/"applyLabel"/);
    expect(validatePickerProps({ closeLabel: null })[0]).toMatch(/"closeLabel"/);
  });

  it('accepts empty, object, string and number values', () => {
    for (const value of [undefined, null, '', {}, [], [1, 2], { id: 1 }, 'abc', 0, 42]) {
      expect(isValidPickerValue(value)).toBe(true);
    }
  });

  it('rejects other values', () => {
    for (const value of [true, false, () => 1, Symbol('x'), 10n, Number.NaN]) {
      expect(isValidPickerValue(value)).toBe(false);
    }
    expect(validatePickerProps({ value: true })[0]).toMatch(
      /"value" must be empty, an object, a string or a number/,
    );
  });

  it('logs and, when asked, throws', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => assertPickerProps({ title: '' }, true)).toThrow(/non-blank/);
    expect(() => assertPickerProps({ title: '' }, false)).not.toThrow();
    expect(log).toHaveBeenCalledTimes(2);
    expect(() => assertPickerProps({ title: 'ok' }, true)).not.toThrow();
  });
});

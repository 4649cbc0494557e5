import { describe, expect, it } from 'vitest';
import { DECIMAL_FORMATS, decimalRule, formatDecimal, parseDecimal } from './decimal.ts';

describe('decimal formats with a comma', () => {
  it.each([
    ['7', DECIMAL_FORMATS.ph, '7'],
    ['14,0', DECIMAL_FORMATS.ph, '14.0'],
    ['78,3', DECIMAL_FORMATS.temperature, '78.3'],
    ['-114,1', DECIMAL_FORMATS.temperature, '-114.1'],
    ['999,9', DECIMAL_FORMATS.temperature, '999.9'],
    ['100,00', DECIMAL_FORMATS.percent, '100.00'],
    ['0,789', DECIMAL_FORMATS.density, '0.789'],
    [' 1,2 ', DECIMAL_FORMATS.density, '1.2'],
  ])('%s fits %s', (input, format, stored) => {
    expect(parseDecimal(input, format)).toBe(stored);
  });
  it.each([
    ['100', DECIMAL_FORMATS.ph],
    ['7,55', DECIMAL_FORMATS.ph],
    ['78.3', DECIMAL_FORMATS.temperature],
    ['1000', DECIMAL_FORMATS.temperature],
    ['1000,00', DECIMAL_FORMATS.percent],
    ['100,0', DECIMAL_FORMATS.density],
    ['0,7891', DECIMAL_FORMATS.density],
    ['abc', DECIMAL_FORMATS.density],
    [',5', DECIMAL_FORMATS.density],
    ['', DECIMAL_FORMATS.density],
  ])('%s does not fit %s', (input, format) => {
    expect(parseDecimal(input, format)).toBeUndefined();
  });
  it('formats stored numbers with a comma', () => {
    expect(formatDecimal('78.30')).toBe('78,3');
    expect(formatDecimal('14.0')).toBe('14');
    expect(formatDecimal('-5')).toBe('-5');
    expect(formatDecimal(null)).toBe('');
  });
  it('names the rule', () => {
    expect(decimalRule(DECIMAL_FORMATS.ph)).toBe('höchstens 2 Stellen vor und 1 Stelle nach dem Komma');
  });
});

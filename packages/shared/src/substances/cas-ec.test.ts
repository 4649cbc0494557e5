import { describe, expect, it } from 'vitest';
import { casCheckDigit, checkCas, checkEc } from './cas-ec.ts';

/** Every example of shared/data/regulatory/cas-ec-check-digits.md. */
const SUBSTANCES: [string, string, string][] = [
  ['Ethanol', '64-17-5', '200-578-6'],
  ['Wasser', '7732-18-5', '231-791-2'],
  ['Benzol', '71-43-2', '200-753-7'],
  ['Aceton', '67-64-1', '200-662-2'],
  ['Toluol', '108-88-3', '203-625-9'],
  ['Methanol', '67-56-1', '200-659-6'],
  ['Schwefelsäure', '7664-93-9', '231-639-5'],
  ['Natriumhydroxid', '1310-73-2', '215-185-5'],
  ['Chlorwasserstoff', '7647-01-0', '231-595-7'],
  ['Formaldehyd', '50-00-0', '200-001-8'],
  ['Butanon', '78-93-3', '201-159-0'],
];

describe('CAS numbers', () => {
  it.each(SUBSTANCES)('%s: %s is valid', (_name, cas) => {
    expect(checkCas(cas)).toBe('ok');
  });
  it.each([['107-07-3'], ['71-23-8'], ['7647-14-5']])('the worked examples and extras: %s', (cas) => {
    expect(checkCas(cas)).toBe('ok');
  });
  it('computes the CAS worked example (107-07-3 → 3)', () => {
    expect(casCheckDigit('10707')).toBe(3);
  });
  it.each(SUBSTANCES)('%s: every other check digit is refused', (_name, cas) => {
    const right = Number(cas.at(-1));
    for (let d = 0; d <= 9; d++) {
      if (d === right) continue;
      expect(checkCas(`${cas.slice(0, -1)}${d}`)).toBe('checkDigit');
    }
  });
  it.each([
    ['64-17-4', 'checkDigit'],
    ['64175', 'format'],
    ['6-17-5', 'format'],
    ['12345678-17-5', 'format'],
    ['064-17-5', 'format'],
    ['64-7-5', 'format'],
    ['64-17-55', 'format'],
    ['64 17 5', 'format'],
    ['ab-cd-e', 'format'],
    ['', 'format'],
  ])('%s → %s', (cas, result) => {
    expect(checkCas(cas)).toBe(result);
  });
});

describe('EC numbers', () => {
  it.each(SUBSTANCES)('%s: %s is valid', (_name, _cas, ec) => {
    expect(checkEc(ec)).toBe('ok');
  });
  it.each([['200-003-9'], ['100-000-1'], ['933-977-5']])('extra example %s is valid', (ec) => {
    expect(checkEc(ec)).toBe('ok');
  });
  it.each(SUBSTANCES)('%s: every other check digit is refused', (_name, _cas, ec) => {
    const right = Number(ec.at(-1));
    for (let d = 0; d <= 9; d++) {
      if (d === right) continue;
      expect(checkEc(`${ec.slice(0, -1)}${d}`)).toBe('checkDigit');
    }
  });
  it('accepts an ELINCS number issued with 1 where the formula gives 10, but no other series', () => {
    // 400-000-?: 4 → sum 4; find a 4xx number whose sum mod 11 is 10: 400-002-? → 4 + 6·2 = 16 → 5; 400-010-? → 4 + 5 = 9;
    // 400-011-? → 4 + 5 + 6 = 15 → 4; 401-001-? → 4 + 3 + 6 = 13 → 2; 402-000-? → 4 + 6 = 10.
    expect(checkEc('402-000-1')).toBe('ok');
    expect(checkEc('202-000-1')).toBe('checkDigit'); // 2 + 6 = 8
    expect(checkEc('402-000-0')).toBe('checkDigit');
  });
  it.each([
    ['200-578-5', 'checkDigit'],
    ['200578-6', 'format'],
    ['20-578-6', 'format'],
    ['200-5786', 'format'],
    ['2000-578-6', 'format'],
    ['A00-001-5', 'format'],
    ['', 'format'],
  ])('%s → %s', (ec, result) => {
    expect(checkEc(ec)).toBe(result);
  });
});

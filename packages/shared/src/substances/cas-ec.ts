/**
 * CAS Registry Numbers and EC numbers (EINECS/ELINCS/NLP, ECHA list numbers): format and check digit
 * (decision 046; rules and examples: shared/data/regulatory/cas-ec-check-digits.md). The same code runs in
 * the browser and on the server.
 */

/** CAS: 2–7 digits (no leading zero), 2 digits, 1 check digit. */
const CAS_PATTERN = /^([1-9]\d{1,6})-(\d{2})-(\d)$/;
/** EC / list number: 3-3-1 digits (numeric only; alphanumeric list numbers are not issued yet). */
const EC_PATTERN = /^(\d{3})-(\d{3})-(\d)$/;

export type NumberCheck = 'ok' | 'format' | 'checkDigit';

/** CAS check digit: the sum of each digit times its position from the right, modulo 10. */
export function casCheckDigit(body: string): number {
  const digits = [...body].reverse();
  return digits.reduce((sum, d, i) => sum + (i + 1) * Number(d), 0) % 10;
}

export function checkCas(value: string): NumberCheck {
  const m = CAS_PATTERN.exec(value);
  if (!m) return 'format';
  const [, first = '', second = '', check = ''] = m;
  return casCheckDigit(first + second) === Number(check) ? 'ok' : 'checkDigit';
}

/** EC check digit: (1·N1 + 2·N2 + … + 6·N6) mod 11; 10 is never issued except for ELINCS (see below). */
export function ecCheckDigit(first6: string): number {
  return [...first6].reduce((sum, d, i) => sum + (i + 1) * Number(d), 0) % 11;
}

/**
 * 181 ELINCS numbers (4xx-xxx-x) were issued with the check digit 1 where the formula gives 10; they are
 * accepted (reference file §2).
 */
export function checkEc(value: string): NumberCheck {
  const m = EC_PATTERN.exec(value);
  if (!m) return 'format';
  const [, a = '', b = '', check = ''] = m;
  const expected = ecCheckDigit(a + b);
  if (expected === Number(check)) return 'ok';
  if (expected === 10 && a.startsWith('4') && check === '1') return 'ok';
  return 'checkDigit';
}

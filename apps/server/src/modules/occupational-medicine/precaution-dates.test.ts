import { describe, expect, it } from 'vitest';
import { addMonths, isoDay } from './precaution-dates.ts';

describe('precaution dates', () => {
  it('adds whole months, clamping to the end of a shorter month', () => {
    expect(addMonths('2026-06-10', 36)).toBe('2029-06-10');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('takes the UTC calendar day of an instant', () => {
    expect(isoDay(new Date('2026-06-15T23:59:59Z'))).toBe('2026-06-15');
  });
});

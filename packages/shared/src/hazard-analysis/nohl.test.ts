import { describe, expect, it } from 'vitest';
import { DEFAULT_NOHL_CRITERIA, nohlBand, nohlCellScore, nohlClassify, nohlCriteriaSchema } from './nohl.ts';

describe('NOHL matrix', () => {
  it('seeds the cells as probability + severity − 1 (1 … 7)', () => {
    expect(nohlCellScore(DEFAULT_NOHL_CRITERIA, { probability: 1, severity: 1 })).toBe(1);
    expect(nohlCellScore(DEFAULT_NOHL_CRITERIA, { probability: 4, severity: 4 })).toBe(7);
    expect(nohlCellScore(DEFAULT_NOHL_CRITERIA, { probability: 2, severity: 3 })).toBe(4);
  });

  it('bands scores by the register start values', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((s) => nohlBand(DEFAULT_NOHL_CRITERIA, s))).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
      'red',
    ]);
    expect(nohlBand({ yellowFrom: 2, redFrom: 7 }, 6)).toBe('yellow');
  });

  it('classifies an unrated hazard as null and a corrected cell by its stored value', () => {
    expect(nohlClassify(DEFAULT_NOHL_CRITERIA, null)).toBeNull();
    const cells = DEFAULT_NOHL_CRITERIA.cells.map((row) => [...row]);
    cells[0]![3] = 5;
    expect(nohlClassify({ ...DEFAULT_NOHL_CRITERIA, cells }, { probability: 1, severity: 4 })).toEqual({
      score: 5,
      band: 'red',
    });
  });

  it('refuses start values that leave a band empty, with German messages', () => {
    const result = nohlCriteriaSchema.safeParse({ ...DEFAULT_NOHL_CRITERIA, yellowFrom: 5, redFrom: 5 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['redFrom', 'Der Startwert für Rot muss größer als der Startwert für Gelb sein.'],
    ]);
    expect(nohlCriteriaSchema.safeParse({ ...DEFAULT_NOHL_CRITERIA, cells: [[1]] }).success).toBe(false);
  });
});

import { DEFAULT_NOHL_CRITERIA } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { describe, expect, it } from 'vitest';
import { NOHL_ROWS, nohlBandRange, nohlCellLabel } from './nohl-matrix-layout.tsx';

describe('NOHL matrix layout helpers', () => {
  it('shows hoch at the top and sehr gering at the bottom', () => {
    expect(NOHL_ROWS.map((r) => r.label)).toEqual(['hoch', 'mittel', 'gering', 'sehr gering']);
  });

  it('words the band ranges of the register start values', () => {
    expect(nohlBandRange(DEFAULT_NOHL_CRITERIA, 'green')).toBe('1–2');
    expect(nohlBandRange(DEFAULT_NOHL_CRITERIA, 'yellow')).toBe('3–4');
    expect(nohlBandRange(DEFAULT_NOHL_CRITERIA, 'red')).toBe('5–7');
    expect(nohlBandRange({ yellowFrom: 2, redFrom: 3 }, 'yellow')).toBe('2');
    expect(nohlBandRange({ yellowFrom: 3, redFrom: 8 }, 'red')).toBeNull();
  });

  it('announces a cell with probability, severity, score and band name', () => {
    expect(nohlCellLabel(4, 3, 6, 'red')).toBe(
      'Wahrscheinlichkeit hoch, schwere Verletzung: Risiko 6 (hohes Risiko)',
    );
  });
});

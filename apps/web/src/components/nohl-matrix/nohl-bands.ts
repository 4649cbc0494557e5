import type { NohlBand } from '@schutzwerk/shared/hazard-analysis/nohl.ts';

/** Band colours: a light fill with dark text (contrast ≥ 4.5:1), never the only cue (the band name is shown too). */
export const NOHL_BAND_COLOURS: Record<NohlBand, { fill: string; text: string; strong: string }> = {
  green: { fill: '#c8e6c9', text: '#1b4d1e', strong: '#2e7d32' },
  yellow: { fill: '#fff176', text: '#4a3b00', strong: '#c49000' },
  red: { fill: '#f4a3a3', text: '#6b0000', strong: '#c62828' },
};

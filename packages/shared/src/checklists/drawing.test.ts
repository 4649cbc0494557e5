import { describe, expect, it } from 'vitest';
import { DRAWING_MAX_LENGTH, drawingPath, parseDrawing } from './drawing.ts';

describe('drawing path data', () => {
  it('reads strokes back from the path it writes', () => {
    const path = drawingPath([
      [
        [1.4, 2.6],
        [10, 20],
      ],
      [[600, 300]],
    ]);
    expect(path).toBe('M1 3L10 20M600 300');
    expect(parseDrawing(path)).toEqual([
      [
        [1, 3],
        [10, 20],
      ],
      [[600, 300]],
    ]);
    expect(parseDrawing('')).toEqual([]);
  });

  it('keeps points on the board', () => {
    expect(drawingPath([[[-5, 999]]])).toBe('M0 300');
  });

  it('refuses malformed data, points off the board and overlong data', () => {
    for (const bad of ['M1 2L', 'L1 2', 'M1,2', 'M-1 2', 'M601 0', 'M0 301', 'M1 2 <script>', 'M1.5 2'])
      expect(parseDrawing(bad)).toBeNull();
    expect(parseDrawing(`M0 0${'L1 1'.repeat(DRAWING_MAX_LENGTH / 4)}`)).toBeNull();
  });
});

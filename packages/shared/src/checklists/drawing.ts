/**
 * The drawing board element (decision 066): a drawing is stored as SVG path data in the answer — strokes of
 * straight segments on a fixed board of DRAWING_WIDTH × DRAWING_HEIGHT units, integer coordinates:
 * `M12 30L14 31L20 35M100 40L…` (one `M` per stroke). Path data instead of a picture file: it is kept in
 * IndexedDB and synchronised like every other answer when the viewer is offline, the PDF print draws it as
 * vectors, and the server can check it exactly.
 */

export const DRAWING_WIDTH = 600;
export const DRAWING_HEIGHT = 300;
/** At most this many characters of path data (about 12 000 points). */
export const DRAWING_MAX_LENGTH = 100_000;

export type Point = readonly [number, number];
export type Stroke = readonly Point[];

// Unambiguous (each command starts with M or L), so matching is linear in the length.
const PATH = /^(?:M\d{1,4} \d{1,4}(?:L\d{1,4} \d{1,4})*)*$/;

/** The strokes of valid path data, or null when it is malformed or leaves the board. */
export function parseDrawing(value: string): Stroke[] | null {
  if (value.length > DRAWING_MAX_LENGTH || !PATH.test(value)) return null;
  const strokes: Point[][] = [];
  for (const part of value.split('M').slice(1)) {
    const points: Point[] = [];
    for (const pair of part.split('L')) {
      const [x, y] = pair.split(' ').map(Number) as [number, number];
      if (x > DRAWING_WIDTH || y > DRAWING_HEIGHT) return null;
      points.push([x, y]);
    }
    strokes.push(points);
  }
  return strokes;
}

/** Strokes as path data (coordinates rounded and kept on the board). */
export function drawingPath(strokes: readonly Stroke[]): string {
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)));
  return strokes
    .filter((s) => s.length > 0)
    .map((s) =>
      s
        .map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${clamp(x, DRAWING_WIDTH)} ${clamp(y, DRAWING_HEIGHT)}`)
        .join(''),
    )
    .join('');
}

import type { BodyView } from '@schutzwerk/shared/accidents/catalogues.ts';

/**
 * The drawing of the body map (decision 048): one clickable shape per body part id of the shared catalogue, on a
 * front view (seen from the front: the person's right side on the viewer's left) and a back view (seen from
 * behind: the person's left on the viewer's left). Coordinates in a 200 × 400 viewBox per view.
 */
export type Shape = { id: number; x: number; y: number; w: number; h: number; r?: number; ellipse?: boolean };

export const SHAPES: Record<BodyView, Shape[]> = {
  front: [
    { id: 1, x: 80, y: 6, w: 40, h: 20, r: 10 },
    { id: 2, x: 82, y: 26, w: 36, h: 32, r: 10 },
    { id: 3, x: 87, y: 31, w: 10, h: 8, ellipse: true },
    { id: 4, x: 103, y: 31, w: 10, h: 8, ellipse: true },
    { id: 5, x: 73, y: 28, w: 9, h: 18, ellipse: true },
    { id: 6, x: 118, y: 28, w: 9, h: 18, ellipse: true },
    { id: 7, x: 90, y: 58, w: 20, h: 16, r: 3 },
    { id: 8, x: 50, y: 72, w: 22, h: 20, r: 8 },
    { id: 9, x: 128, y: 72, w: 22, h: 20, r: 8 },
    { id: 10, x: 72, y: 74, w: 56, h: 50, r: 6 },
    { id: 11, x: 72, y: 124, w: 56, h: 40, r: 4 },
    { id: 12, x: 72, y: 164, w: 56, h: 26, r: 6 },
    { id: 13, x: 48, y: 92, w: 20, h: 46, r: 6 },
    { id: 14, x: 132, y: 92, w: 20, h: 46, r: 6 },
    { id: 15, x: 46, y: 138, w: 20, h: 14, r: 6 },
    { id: 16, x: 134, y: 138, w: 20, h: 14, r: 6 },
    { id: 17, x: 42, y: 152, w: 20, h: 42, r: 6 },
    { id: 18, x: 138, y: 152, w: 20, h: 42, r: 6 },
    { id: 19, x: 40, y: 194, w: 20, h: 10, r: 4 },
    { id: 20, x: 140, y: 194, w: 20, h: 10, r: 4 },
    { id: 21, x: 36, y: 204, w: 24, h: 22, r: 6 },
    { id: 22, x: 140, y: 204, w: 24, h: 22, r: 6 },
    { id: 23, x: 34, y: 226, w: 26, h: 16, r: 6 },
    { id: 24, x: 140, y: 226, w: 26, h: 16, r: 6 },
    { id: 25, x: 73, y: 190, w: 26, h: 70, r: 8 },
    { id: 26, x: 101, y: 190, w: 26, h: 70, r: 8 },
    { id: 27, x: 75, y: 260, w: 22, h: 18, r: 8 },
    { id: 28, x: 103, y: 260, w: 22, h: 18, r: 8 },
    { id: 29, x: 76, y: 278, w: 20, h: 66, r: 6 },
    { id: 30, x: 104, y: 278, w: 20, h: 66, r: 6 },
    { id: 31, x: 76, y: 344, w: 20, h: 12, r: 4 },
    { id: 32, x: 104, y: 344, w: 20, h: 12, r: 4 },
    { id: 33, x: 70, y: 356, w: 26, h: 18, r: 6 },
    { id: 34, x: 104, y: 356, w: 26, h: 18, r: 6 },
    { id: 35, x: 68, y: 374, w: 28, h: 14, r: 6 },
    { id: 36, x: 104, y: 374, w: 28, h: 14, r: 6 },
  ],
  back: [
    { id: 37, x: 78, y: 6, w: 44, h: 52, r: 20 },
    { id: 38, x: 90, y: 58, w: 20, h: 16, r: 3 },
    { id: 39, x: 72, y: 74, w: 56, h: 50, r: 6 },
    { id: 42, x: 76, y: 80, w: 22, h: 28, r: 8 },
    { id: 43, x: 102, y: 80, w: 22, h: 28, r: 8 },
    { id: 40, x: 72, y: 124, w: 56, h: 40, r: 4 },
    { id: 41, x: 72, y: 164, w: 56, h: 30, r: 10 },
    { id: 44, x: 73, y: 194, w: 26, h: 66, r: 8 },
    { id: 45, x: 101, y: 194, w: 26, h: 66, r: 8 },
    { id: 46, x: 75, y: 260, w: 22, h: 18, r: 8 },
    { id: 47, x: 103, y: 260, w: 22, h: 18, r: 8 },
    { id: 48, x: 76, y: 278, w: 20, h: 70, r: 8 },
    { id: 49, x: 104, y: 278, w: 20, h: 70, r: 8 },
    { id: 50, x: 74, y: 348, w: 22, h: 18, r: 8 },
    { id: 51, x: 104, y: 348, w: 22, h: 18, r: 8 },
  ],
};

/** The outline parts of the back view that are no body part of their own (arms: drawn, not clickable). */
export const BACK_OUTLINE: Shape[] = [
  { id: 0, x: 50, y: 72, w: 22, h: 20, r: 8 },
  { id: 0, x: 128, y: 72, w: 22, h: 20, r: 8 },
  { id: 0, x: 46, y: 92, w: 22, h: 112, r: 8 },
  { id: 0, x: 132, y: 92, w: 22, h: 112, r: 8 },
  { id: 0, x: 36, y: 204, w: 26, h: 38, r: 8 },
  { id: 0, x: 138, y: 204, w: 26, h: 38, r: 8 },
];

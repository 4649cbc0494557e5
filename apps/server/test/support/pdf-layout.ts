/**
 * Layout checks for every PDF the product makes (issue 15): reads a generated PDF's text items with their
 * positions (pdf.js `getTextContent()`, the library pdf-parse is built on) and reports
 * - text over text: two text items whose glyph boxes overlap by more than a small tolerance;
 * - text outside its page;
 * - words split across lines: a line ends inside a word and the next line of the same block goes on with
 *   its rest ("Organisatorisc" / "h"). Detected when the next line starts with a one-letter fragment, or
 *   when the two pieces together form a word that the caller names (`words`) or that the document itself
 *   prints whole elsewhere.
 *
 * Use: `await expectCleanPdfLayout(pdf, { words: [...] })` in the API test of every PDF (docs/ARCHITECTURE.md,
 * Testing). Name in `words` the long words of the texts the test printed (and fixed labels of narrow
 * columns); a break at a real hyphen („Gefahrstoff-“ / „lager“) is not a split.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect } from 'vitest';

/** One text item of a page, in points from the page's top-left corner; `y` is the baseline. */
export type PdfText = {
  page: number;
  text: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
  font: string;
};

export type PdfPage = { number: number; width: number; height: number; items: PdfText[] };

/** The part of the font size a glyph box reaches above and below the baseline (DejaVu Sans: caps 0.73, descender 0.24). */
const ASCENT = 0.75;
const DESCENT = 0.2;

/** The pages of a PDF with their non-blank text items. */
export async function readPdfText(pdf: Uint8Array): Promise<PdfPage[]> {
  // pdf.js may take ownership of the buffer it is given: hand it a copy.
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const [, , width, height] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const items: PdfText[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a, b, , d, e, f] = item.transform as number[];
        items.push({
          page: number,
          text: item.str,
          x: e ?? 0,
          y: height - (f ?? 0),
          width: item.width,
          // Unrotated text (all the product draws): the vertical scale is the font size.
          fontSize: Math.hypot(b ?? 0, d ?? a ?? 0),
          font: item.fontName,
        });
      }
      pages.push({ number, width, height, items });
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

type Box = { left: number; right: number; top: number; bottom: number };

const box = (t: PdfText): Box => ({
  left: t.x,
  right: t.x + t.width,
  top: t.y - ASCENT * t.fontSize,
  bottom: t.y + DESCENT * t.fontSize,
});

const where = (t: PdfText) => `page ${t.page} at x=${t.x.toFixed(1)} y=${t.y.toFixed(1)}`;

/** Text items whose glyph boxes overlap by more than `tolerance` points both across and down. */
export function findOverlaps(pages: PdfPage[], tolerance = 0.5): string[] {
  const problems: string[] = [];
  for (const page of pages) {
    const items = [...page.items].sort((p, q) => box(p).top - box(q).top);
    for (let i = 0; i < items.length; i++) {
      const a = items[i] as PdfText;
      const boxA = box(a);
      for (let j = i + 1; j < items.length; j++) {
        const b = items[j] as PdfText;
        const boxB = box(b);
        if (boxB.top >= boxA.bottom - tolerance) break;
        const across = Math.min(boxA.right, boxB.right) - Math.max(boxA.left, boxB.left);
        const down = Math.min(boxA.bottom, boxB.bottom) - Math.max(boxA.top, boxB.top);
        if (across > tolerance && down > tolerance) {
          problems.push(`text over text on ${where(a)}: "${a.text}" and "${b.text}" (${where(b)})`);
        }
      }
    }
  }
  return problems;
}

/** Text items that leave their page. */
export function findOutsidePage(pages: PdfPage[], tolerance = 0.5): string[] {
  const problems: string[] = [];
  for (const page of pages) {
    for (const t of page.items) {
      const b = box(t);
      if (
        b.left < -tolerance ||
        b.top < -tolerance ||
        b.right > page.width + tolerance ||
        b.bottom > page.height + tolerance
      ) {
        problems.push(`text outside the page on ${where(t)}: "${t.text}"`);
      }
    }
  }
  return problems;
}

/** A printed line: the items on one baseline that touch each other (one table cell's line). */
type Line = {
  page: number;
  text: string;
  left: number;
  right: number;
  y: number;
  fontSize: number;
  font: string;
};

function linesOf(page: PdfPage): Line[] {
  const items = [...page.items].sort((p, q) => p.y - q.y || p.x - q.x);
  const lines: Line[] = [];
  for (const t of items) {
    const last = lines.at(-1);
    if (
      last &&
      Math.abs(last.y - t.y) < 0.5 &&
      last.fontSize === t.fontSize &&
      last.font === t.font &&
      t.x - last.right < 0.15 * t.fontSize &&
      t.x >= last.left
    ) {
      last.text += t.text;
      last.right = Math.max(last.right, t.x + t.width);
      continue;
    }
    lines.push({
      page: page.number,
      text: t.text,
      left: t.x,
      right: t.x + t.width,
      y: t.y,
      fontSize: t.fontSize,
      font: t.font,
    });
  }
  return lines;
}

/** The line that continues `line` in its block: the next line below in the same font, left-, right- or centre-aligned with it. */
function nextLineOf(line: Line, lines: Line[]): Line | undefined {
  const near = (p: number, q: number) => Math.abs(p - q) <= 1;
  return lines
    .filter(
      (l) =>
        l.font === line.font &&
        l.fontSize === line.fontSize &&
        l.y - line.y >= 0.9 * line.fontSize &&
        l.y - line.y <= 1.6 * line.fontSize &&
        (near(l.left, line.left) ||
          near(l.right, line.right) ||
          near((l.left + l.right) / 2, (line.left + line.right) / 2)),
    )
    .sort((p, q) => p.y - q.y)[0];
}

const LETTERS = /[\p{L}\p{N}]+$/u;
const LEADING_LETTERS = /^[\p{L}\p{N}]+/u;

/** Words (letters and digits) of at least `min` characters in `texts`. */
function wordsOf(texts: Iterable<string>, min: number): Set<string> {
  const words = new Set<string>();
  for (const text of texts)
    for (const w of text.match(/[\p{L}\p{N}]+/gu) ?? []) if (w.length >= min) words.add(w);
  return words;
}

/**
 * Lines that end inside a word whose rest starts the next line of the same block. `words`: words that must
 * never be split (besides those the document prints whole somewhere).
 */
export function findSplitWords(pages: PdfPage[], words: Iterable<string> = []): string[] {
  const problems: string[] = [];
  const allLines = pages.map(linesOf);
  const known = wordsOf([...words, ...allLines.flat().map((l) => l.text)], 4);
  for (const lines of allLines) {
    for (const line of lines) {
      // A line that ends in a space or a hyphen ends at a word boundary.
      const head = LETTERS.exec(line.text)?.[0];
      const next = head ? nextLineOf(line, lines) : undefined;
      const rest = next?.text.trimStart() ?? '';
      const tail = LEADING_LETTERS.exec(rest)?.[0];
      if (!head || !tail) continue;
      // German has no one-letter lowercase word: a lone lowercase letter is the end of a split word.
      const fragment = /^\p{Ll}(\s|$)/u.test(rest);
      if (fragment || known.has(head + tail)) {
        problems.push(
          `word split across lines on page ${line.page} at y=${line.y.toFixed(1)}: "…${head}" / "${tail}…" ("${head}${tail}")`,
        );
      }
    }
  }
  return problems;
}

export type PdfLayoutOptions = {
  /** Words that must stay whole (long words of the printed test data, fixed labels of narrow columns). */
  words?: Iterable<string>;
  /** Points two glyph boxes may overlap (default 0.5). */
  tolerance?: number;
};

function problemsOf(pages: PdfPage[], options: PdfLayoutOptions): string[] {
  return [
    ...findOverlaps(pages, options.tolerance),
    ...findOutsidePage(pages, options.tolerance),
    ...findSplitWords(pages, options.words),
  ];
}

/** Every layout problem of a PDF: text over text, text outside its page, words split across lines. */
export async function pdfLayoutProblems(pdf: Uint8Array, options: PdfLayoutOptions = {}): Promise<string[]> {
  return problemsOf(await readPdfText(pdf), options);
}

/** Fails the test with every layout problem of the PDF; answers its pages for further checks. */
export async function expectCleanPdfLayout(
  pdf: Uint8Array,
  options: PdfLayoutOptions = {},
): Promise<PdfPage[]> {
  const pages = await readPdfText(pdf);
  expect(problemsOf(pages, options), 'layout problems of the PDF').toEqual([]);
  return pages;
}

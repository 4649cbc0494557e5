/**
 * Measuring text for the PDFs of the product (report tables, the hazard assessment print): rows grow with
 * their content and columns are wide enough for their longest word, so pdfkit wraps at word boundaries and
 * never draws a row over the next one. pdfkit breaks inside a word only when the word alone is wider than
 * its column; `fitColumnWidths` gives each column the width of its longest word where the page allows it.
 */

/** Where pdfkit may break a line: after a space or after a hyphen or dash inside a word. */
const WORD_PIECES = /\s+|(?<=[-‐–—/])/u;

/** The width of the widest unbreakable piece of `texts` in the document's current font and size. */
export function widestWord(doc: PDFKit.PDFDocument, texts: Iterable<string>): number {
  let widest = 0;
  for (const text of texts) {
    for (const piece of text.split(WORD_PIECES)) {
      if (piece !== '') widest = Math.max(widest, doc.widthOfString(piece));
    }
  }
  return widest;
}

export type ColumnSpec = {
  /** Share of the width beyond the minimums (any positive number). */
  weight: number;
  /** The width the column needs so that its longest word fits (padding included). */
  minWidth: number;
};

/**
 * Column widths that add up to `total`: each column gets at least its `minWidth`, the rest is shared by
 * weight. When the minimums alone exceed `total` (too many columns for the page), they shrink in proportion.
 */
export function fitColumnWidths(columns: readonly ColumnSpec[], total: number): number[] {
  const sumMin = columns.reduce((sum, c) => sum + c.minWidth, 0);
  if (sumMin >= total) return columns.map((c) => (sumMin > 0 ? (c.minWidth / sumMin) * total : 0));
  const atMinimum = new Set<number>();
  for (;;) {
    const rest = total - columns.reduce((sum, c, i) => sum + (atMinimum.has(i) ? c.minWidth : 0), 0);
    const weights = columns.reduce(
      (sum, c, i) => sum + (atMinimum.has(i) ? 0 : Math.max(c.weight, 0.0001)),
      0,
    );
    const widths = columns.map((c, i) =>
      atMinimum.has(i) ? c.minWidth : (Math.max(c.weight, 0.0001) / weights) * rest,
    );
    let changed = false;
    widths.forEach((w, i) => {
      const column = columns[i] as ColumnSpec;
      if (!atMinimum.has(i) && w < column.minWidth) {
        atMinimum.add(i);
        changed = true;
      }
    });
    if (!changed) return widths;
  }
}

/**
 * The height of `text` wrapped at `width` in the current font and size (pdfkit's heightOfString); a text
 * without line breaks that fits on one line is not wrapped to measure it (report tables have many cells).
 */
export function textHeight(doc: PDFKit.PDFDocument, text: string, width: number): number {
  // One point to spare: pdfkit wraps word by word, and the words' widths may add up to a little more.
  if (!text.includes('\n') && doc.widthOfString(text) <= width - 1) return doc.currentLineHeight(true);
  return doc.heightOfString(text, { width });
}

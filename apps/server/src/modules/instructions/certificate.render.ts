import { openPdf } from '#modules/reports/index.ts';

/**
 * One renderer for the instructions' certificates (decision 079): the run's „Teilnahmebescheinigung“ (decision
 * 041), the external person's „Unterweisungsnachweis für Externe“ (decision 074), the group-confirmed item's
 * certificate and the group feedback's attendance record („Teilnahmenachweis“, decision 079). Each is the report
 * engine's PDF frame (company, logo, print date, „Seite x von y“) with a sentence, label–value rows, optionally a
 * table (the attendance record's employees with a signature column) and a small closing line.
 */
export type CertificateContent = {
  title: string;
  companyName: string;
  /** The opening sentence. */
  statement: string;
  /** Label and value; a value may hold line breaks. */
  rows: readonly (readonly [string, string])[];
  /** The width of the labels' column (pt). */
  labelWidth: number;
  /** An optional table below the rows; a column without `width` shares the rest. */
  table?: {
    columns: readonly { label: string; width?: number }[];
    rows: readonly (readonly string[])[];
    /** The height of a body row (pt) — room for a handwritten signature. */
    rowHeight?: number;
  };
  /** The small grey closing line. */
  closing: string;
};

/** dd.mm.yy of a yyyy-mm-dd day. */
export const germanDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(2, 4)}`;

export async function renderCertificate(
  content: CertificateContent,
  frame: { printedAt: Date; logo?: Buffer | null },
): Promise<Buffer> {
  const pdf = openPdf({
    title: content.title,
    companyName: content.companyName,
    printedAt: frame.printedAt,
    logo: frame.logo ?? null,
  });
  const { doc, left, width } = pdf;
  doc
    .font('regular')
    .fontSize(11)
    .fillColor('#000000')
    .text(content.statement, left, pdf.top + 24, { width });
  let y = doc.y + 18;
  const labelWidth = content.labelWidth;
  for (const [label, value] of content.rows) {
    doc.font('bold').fontSize(11).text(`${label}:`, left, y, { width: labelWidth });
    doc
      .font('regular')
      .fontSize(11)
      .text(value, left + labelWidth, y, { width: width - labelWidth });
    y = Math.max(doc.y, y + doc.currentLineHeight(true)) + 8;
  }
  if (content.table) y = drawTable(pdf, content.table, y + 8);
  doc
    .fontSize(9)
    .fillColor('#555555')
    .text(content.closing, left, y + 16, { width });
  return pdf.finish();
}

/** The table: a bold header row repeated on every page, ruled rows of at least `rowHeight`. */
function drawTable(
  pdf: ReturnType<typeof openPdf>,
  table: NonNullable<CertificateContent['table']>,
  startY: number,
): number {
  const { doc, left, width, bottom } = pdf;
  const fixed = table.columns.reduce((sum, c) => sum + (c.width ?? 0), 0);
  const flexible = table.columns.filter((c) => c.width === undefined).length;
  const widths = table.columns.map((c) => c.width ?? (width - fixed) / Math.max(1, flexible));
  const pad = 4;
  const minHeight = table.rowHeight ?? 18;
  const cellHeight = (texts: readonly string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(10);
    return Math.max(...texts.map((t, i) => doc.heightOfString(t, { width: (widths[i] ?? 0) - 2 * pad })));
  };
  const drawRow = (texts: readonly string[], y: number, font: 'regular' | 'bold', height: number) => {
    let x = left;
    doc.lineWidth(0.5).strokeColor('#888888');
    for (let i = 0; i < widths.length; i++) {
      const w = widths[i] ?? 0;
      doc.rect(x, y, w, height).stroke();
      doc
        .font(font)
        .fontSize(10)
        .fillColor('#000000')
        .text(texts[i] ?? '', x + pad, y + pad, { width: w - 2 * pad });
      x += w;
    }
  };
  const header = table.columns.map((c) => c.label);
  const headerHeight = cellHeight(header, 'bold') + 2 * pad;
  let y = startY;
  drawRow(header, y, 'bold', headerHeight);
  y += headerHeight;
  for (const row of table.rows) {
    const height = Math.max(minHeight, cellHeight(row, 'regular') + 2 * pad);
    if (y + height > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
      drawRow(header, y, 'bold', headerHeight);
      y += headerHeight;
    }
    drawRow(row, y, 'regular', height);
    y += height;
  }
  return y;
}

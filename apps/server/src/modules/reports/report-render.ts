import { createRequire } from 'node:module';
import path from 'node:path';
import type { ReportFormat } from '@schutzwerk/shared/reports/reports.schema.ts';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { fitColumnWidths, textHeight, widestWord } from './pdf-text.ts';
import type { ReportRows } from './report-runner.ts';

const require = createRequire(import.meta.url);
/** DejaVu Sans (npm dejavu-fonts-ttf): renders German umlauts and ß; embedded in every PDF. */
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = path.join(fontDir, 'DejaVuSans.ttf');
const FONT_BOLD = path.join(fontDir, 'DejaVuSans-Bold.ttf');

export type RenderInput = ReportRows & {
  title: string;
  companyName: string;
  /** Filters shown on the PDF (hidden ones are left out by the caller). */
  filters: { label: string; value: string }[];
  printedAt: Date;
  /** The company logo (PNG or JPEG) for the PDF header; none = text only. */
  logo?: Buffer | null;
};

const TIME_ZONE = 'Europe/Berlin';
const dateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
});

/** dd.mm.yy HH:mm in Europe/Berlin (spec shell §5.2). */
export function formatPrintDate(date: Date): string {
  return dateTime.format(date).replace(',', '');
}

/** A cell as German text: dates dd.mm.yy (with HH:mm when there is a time), numbers with a comma. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const utcMidnight =
      value.getUTCHours() === 0 && value.getUTCMinutes() === 0 && value.getUTCSeconds() === 0;
    return utcMidnight ? dateOnly.format(value) : formatPrintDate(value);
  }
  if (typeof value === 'number') return value.toLocaleString('de-DE', { maximumFractionDigits: 6 });
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** PDF pages cost CPU of this process (about 40 pages/s): larger reports go to XLSX or CSV. */
export const PDF_MAX_ROWS = 20_000;

/** A report cell wraps to at most this many lines in the PDF (then it ends in „…“; XLSX and CSV hold it all). */
const MAX_CELL_LINES = 12;

export async function renderReport(format: ReportFormat, input: RenderInput): Promise<Buffer> {
  if (format === 'csv') return renderCsv(input);
  if (format === 'xlsx') return renderXlsx(input);
  return renderPdf(input);
}

/** A cell Excel would read as a formula (=, +, -, @, tab, CR) is prefixed with ' (CSV injection). */
function csvSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function renderCsv(input: RenderInput): Buffer {
  const quote = (text: string) => (/[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  const lines = [input.columns.map((c) => quote(csvSafe(c))).join(';')];
  for (const row of input.rows) {
    lines.push(input.columns.map((c) => quote(csvSafe(cellText(row[c])))).join(';'));
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function renderXlsx(input: RenderInput): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Schutzwerk';
  workbook.created = input.printedAt;
  const sheet = workbook.addWorksheet(input.title.slice(0, 31).replace(/[[\]*?/\\:]/g, ' ') || 'Report');
  sheet.columns = input.columns.map((c) => ({
    header: c,
    key: c,
    width: Math.min(60, Math.max(10, c.length + 2)),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of input.rows) {
    sheet.addRow(
      input.columns.map((c) => {
        const v = row[c];
        if (v === null || v === undefined) return null;
        if (v instanceof Date || typeof v === 'number' || typeof v === 'boolean') return v;
        if (typeof v === 'object') return JSON.stringify(v);
        const text = String(v);
        return /^[=+\-@]/.test(text) ? `'${text}` : text;
      }),
    );
  }
  if (input.columns.length > 0) {
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: input.columns.length } };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The frame every PDF of the product shares (report tables and documents such as a hazard assessment). */
export type PdfFrameInput = {
  title: string;
  companyName: string;
  printedAt: Date;
  /** The company logo (PNG or JPEG); none = text only. */
  logo?: Buffer | null;
  landscape?: boolean;
};

export type PdfFrame = {
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
  /** The lowest y content may reach on the current page. */
  bottom: () => number;
  /** The y below the title on the first page. */
  top: number;
  /** Adds the footer („<Titel> · <Datum>“, „Seite x von y“) to every page and answers the file. */
  finish: () => Promise<Buffer>;
};

/**
 * Opens an A4 PDF with the product's template: DejaVu Sans (regular/bold), logo and company name on the
 * left and the print date (dd.mm.yy HH:mm, Europe/Berlin) on the right of the first page, the title
 * below; `finish()` writes the footer with "Seite x von y" on every page.
 */
export function openPdf(input: PdfFrameInput): PdfFrame {
  const doc = new PDFDocument({
    size: 'A4',
    layout: input.landscape ? 'landscape' : 'portrait',
    margins: { top: 40, bottom: 50, left: 40, right: 40 },
    bufferPages: true,
    info: { Title: input.title, Author: input.companyName || 'Schutzwerk', Creator: 'Schutzwerk' },
  });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const printed = formatPrintDate(input.printedAt);

  // Header of the first page: logo (if any) and company name on the left, print date on the right.
  let nameLeft = left;
  if (input.logo) {
    try {
      doc.image(input.logo, left, 34, { fit: [110, 24] });
      nameLeft = left + 118;
    } catch {
      // Not a PNG/JPEG pdfkit can read: the header stays text only.
    }
  }
  // A long company name wraps within its half; the title starts below whatever the header needs.
  doc
    .font('bold')
    .fontSize(9)
    .fillColor('#555555')
    .text(input.companyName || ' ', nameLeft, 40, { width: width / 2 - 8 - (nameLeft - left) });
  const headerBottom = doc.y;
  doc
    .font('regular')
    .text(`Druckdatum: ${printed}`, left + width / 2, 40, { width: width / 2, align: 'right' });
  const titleTop = Math.max(62, headerBottom + 6, doc.y + 6);
  doc.font('bold').fontSize(16).fillColor('#000000').text(input.title, left, titleTop, { width });
  const top = doc.y + 4;
  doc.font('regular').fontSize(9);

  const finish = () => {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const footerY = doc.page.height - doc.page.margins.bottom + 15;
      // Writing below the bottom margin would make pdfkit start a new page.
      const savedBottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc.font('regular').fontSize(8).fillColor('#555555');
      // One line each: a long title ends in „…“ before the page number (a height below two lines does that).
      const oneLine = doc.currentLineHeight(true) + 1;
      const pageText = `Seite ${i + 1} von ${range.count}`;
      const pageWidth = doc.widthOfString(pageText) + 2;
      doc.text(`${input.title} · ${printed}`, left, footerY, {
        width: width - pageWidth - 12,
        height: oneLine,
        ellipsis: true,
      });
      doc.text(pageText, left + width - pageWidth, footerY, {
        width: pageWidth,
        align: 'right',
        height: oneLine,
      });
      doc.page.margins.bottom = savedBottom;
    }
    doc.end();
    return done;
  };
  return { doc, left, width, bottom, top, finish };
}

/**
 * The PDF report template (openPdf's frame): the filters used and the table whose header row repeats on
 * every page. A4, landscape above 5 columns. Columns get at least the width of their longest word (header
 * and the first rows' texts) and share the rest by their texts' lengths; cells wrap at word boundaries and
 * a row is as high as its highest cell (at most MAX_CELL_LINES lines, then the cell ends in „…“).
 */
export async function renderPdf(input: RenderInput): Promise<Buffer> {
  const frame = openPdf({ ...input, landscape: input.columns.length > 5 });
  const { doc, left, width, bottom } = frame;
  let y = frame.top;
  for (const filter of input.filters) {
    doc.text(`${filter.label}: ${filter.value}`, left, y, { width });
    y = doc.y + 1;
  }
  y += 8;

  const fontSize = 8;
  const padX = 2;
  // Text starts 3 pt below the row's top and ends 2 pt above its bottom (a one-line row stays 14 pt high).
  const padTop = 3;
  const padBottom = 2;
  const cols = input.columns;
  const sample = input.rows.slice(0, 200);
  const sampleTexts = cols.map((c) => sample.map((r) => cellText(r[c])));
  doc.fontSize(fontSize);
  const widths = fitColumnWidths(
    cols.map((c, i) => {
      const texts = sampleTexts[i] ?? [];
      const typical = texts.reduce((longest, t) => Math.max(longest, t.length), 0);
      const headerWord = widestWord(doc.font('bold'), [c]);
      // A data word up to a third of the page keeps its column wide enough; longer ones may break.
      const dataWord = Math.min(widestWord(doc.font('regular'), texts), width / 3);
      return {
        weight: Math.min(40, Math.max(4, c.length, typical)),
        minWidth: Math.max(headerWord, dataWord) + 2 * padX + 1,
      };
    }),
    width,
  );
  doc.font('regular');
  const lineHeight = doc.currentLineHeight(true);
  const maxCellHeight = MAX_CELL_LINES * lineHeight;

  /** The cells' text heights in the current font and the row's height (cells capped at MAX_CELL_LINES). */
  const measure = (texts: string[]) => {
    const heights = texts.map((t, i) => textHeight(doc, t, (widths[i] ?? 0) - 2 * padX));
    const tallest = Math.max(lineHeight, ...heights.map((h) => Math.min(h, maxCellHeight)));
    return { heights, rowHeight: tallest + padTop + padBottom };
  };

  const drawCells = (texts: string[], heights: number[]) => {
    let x = left;
    texts.forEach((t, i) => {
      const cellWidth = (widths[i] ?? 0) - 2 * padX;
      const capped = (heights[i] ?? 0) > maxCellHeight;
      doc.text(
        t,
        x + padX,
        y + padTop,
        capped ? { width: cellWidth, height: maxCellHeight, ellipsis: true } : { width: cellWidth },
      );
      x += widths[i] ?? 0;
    });
  };

  const drawHeader = () => {
    doc.font('bold').fontSize(fontSize);
    const { heights, rowHeight } = measure(cols);
    doc.rect(left, y, width, rowHeight).fill('#e8eef5');
    doc.fillColor('#000000');
    drawCells(cols, heights);
    y += rowHeight;
    doc.font('regular');
  };

  drawHeader();
  for (let index = 0; index < input.rows.length; index++) {
    // pdfkit works synchronously: give other requests of this process a turn every 250 rows.
    if (index > 0 && index % 250 === 0) await new Promise((resolve) => setImmediate(resolve));
    const row = input.rows[index] ?? {};
    const texts = cols.map((c) => cellText(row[c]));
    const { heights, rowHeight } = measure(texts);
    if (y + rowHeight > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
      drawHeader();
    }
    if (index % 2 === 1) doc.rect(left, y, width, rowHeight).fill('#f6f6f6').fillColor('#000000');
    drawCells(texts, heights);
    y += rowHeight;
  }
  if (input.rows.length === 0) {
    doc
      .font('regular')
      .fontSize(9)
      .text('Keine Datensätze gefunden.', left, y + 6, { width });
  }
  return frame.finish();
}

/** Pages of a rendered PDF (for the benchmark): counts the page objects. */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}

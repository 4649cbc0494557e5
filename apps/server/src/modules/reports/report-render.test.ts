import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { tinyPng } from '#test/file-fixtures.ts';
import {
  expectCleanPdfLayout,
  findOutsidePage,
  findOverlaps,
  readPdfText,
} from '#test/support/pdf-layout.ts';
import { renderPdf } from './report-render.ts';

const input = {
  title: 'Orte mit Notrufnummern',
  companyName: 'Rheinwerk Chemie GmbH',
  filters: [{ label: 'Stadt', value: 'Köln' }],
  printedAt: new Date('2026-11-23T12:00:00Z'),
  columns: ['Ort', 'Notruf'],
  rows: [{ Ort: 'Werk Köln-Niehl', Notruf: '112' }],
};

async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text;
}

// Rendering and reading PDFs (pdf.js loads on first use) takes seconds on a busy machine.
describe('report PDF template', { timeout: 30_000 }, () => {
  it('puts the operator logo into the header, next to the company name', async () => {
    const withLogo = await renderPdf({ ...input, logo: tinyPng() } as Parameters<typeof renderPdf>[0]);
    const without = await renderPdf(input as Parameters<typeof renderPdf>[0]);
    expect(withLogo.includes('/Subtype /Image')).toBe(true);
    expect(without.includes('/Subtype /Image')).toBe(false);
    await expectCleanPdfLayout(withLogo);
    await expectCleanPdfLayout(without);
    const text = await textOf(withLogo);
    expect(text).toContain('Rheinwerk Chemie GmbH');
    expect(text).toContain('Druckdatum: 23.11.26 13:00');
    expect(text).toContain('Stadt: Köln');
  });

  it('ignores a logo it cannot read and still renders', async () => {
    const pdf = await renderPdf({ ...input, logo: Buffer.from('not an image') } as Parameters<
      typeof renderPdf
    >[0]);
    expect(await textOf(pdf)).toContain('Orte mit Notrufnummern');
  });

  it('keeps header and footer apart: a long company name, a title over two lines, the footer on one line', async () => {
    const title = `Mitarbeiter mit Unterweisungen ${'und sehr langen Bemerkungen '.repeat(8)}`.trim();
    const pdf = await renderPdf({
      ...input,
      title,
      companyName: 'Rheinwerk Chemie GmbH – Werk Köln-Niehl, Sparte Lösungsmittel und Spezialchemikalien',
      logo: tinyPng(),
    } as Parameters<typeof renderPdf>[0]);
    const pages = await expectCleanPdfLayout(pdf, { words: ['Unterweisungen', 'Spezialchemikalien'] });
    const footer = pages[0]!.items.filter((i) => i.fontSize === 8 && i.y > pages[0]!.height - 50);
    // One footer line: the title shortened with „…“, and the page number.
    expect(new Set(footer.map((i) => Math.round(i.y))).size).toBe(1);
    expect(footer.some((i) => i.text.endsWith('…'))).toBe(true);
    expect(footer.some((i) => i.text === 'Seite 1 von 1')).toBe(true);
  });

  it('never draws text over text, even with more columns than the page has room for', async () => {
    const columns = Array.from({ length: 24 }, (_, i) => `Sicherheitsunterweisung ${i + 1}`);
    const row = Object.fromEntries(
      columns.map((c) => [c, 'Explosionsschutzdokument nach Gefahrstoffverordnung']),
    );
    const pdf = await renderPdf({ ...input, columns, rows: [row, row, row] } as Parameters<
      typeof renderPdf
    >[0]);
    const pages = await readPdfText(pdf);
    expect([...findOverlaps(pages), ...findOutsidePage(pages)]).toEqual([]);
  });
});

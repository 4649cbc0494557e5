import { describe, expect, it } from 'vitest';
import { openPdf } from '#modules/reports/index.ts';
import { findOverlaps, pdfLayoutProblems, readPdfText } from './pdf-layout.ts';

/** A PDF on the product's frame with whatever `draw` puts below the title. */
async function pdfWith(draw: (doc: PDFKit.PDFDocument, top: number) => void): Promise<Buffer> {
  const frame = openPdf({ title: 'Prüfdruck', companyName: 'Rheinwerk Chemie GmbH', printedAt: new Date() });
  frame.doc.font('regular').fontSize(8).fillColor('#000000');
  draw(frame.doc, frame.top + 10);
  return frame.finish();
}

describe('the PDF layout check', () => {
  it('reads text items with their page, position and font size', async () => {
    const pdf = await pdfWith((doc, top) => doc.text('Gefährdungsbeurteilung', 100, top, { width: 300 }));
    const [page] = await readPdfText(pdf);
    const item = page!.items.find((i) => i.text === 'Gefährdungsbeurteilung')!;
    expect(item.x).toBeCloseTo(100, 0);
    expect(item.fontSize).toBe(8);
    expect(item.y).toBeGreaterThan(100);
    expect(item.width).toBeCloseTo(doc8Width('Gefährdungsbeurteilung'), -1);
    expect(await pdfLayoutProblems(pdf)).toEqual([]);
  });

  it('finds text over text: a wrapping value running into the row below', async () => {
    const pdf = await pdfWith((doc, top) => {
      doc.text('Abfülllinie 1 – Abfüllen von Ethanol in Gebinde', 145, top, { width: 120 });
      doc.text('Halle 1 – Abfüllung', 145, top + 12, { width: 120 });
    });
    const problems = await pdfLayoutProblems(pdf);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^text over text on page 1 .*"Ethanol in Gebinde" and "Halle 1 – Abfüllung"/);
  });

  it('lets lines touch: consecutive lines, small fonts in a row, items side by side', async () => {
    const pdf = await pdfWith((doc, top) => {
      doc.text('erste Zeile\nzweite Zeile\ndritte Zeile', 40, top, { width: 200 });
      doc.text('links', 40, top + 60, { width: 100 });
      doc.text('rechts', 40 + doc.widthOfString('links'), top + 60, { width: 100 });
    });
    expect(await pdfLayoutProblems(pdf)).toEqual([]);
    const [page] = await readPdfText(pdf);
    // Items side by side touch (to the rounding of the PDF's numbers) without overlapping.
    expect(findOverlaps([page!], 0.001)).toEqual([]);
  });

  it('finds a word broken in a narrow column and its one-letter fragment', async () => {
    const pdf = await pdfWith((doc, top) => doc.text('Organisatorisch', 205, top, { width: 61 }));
    const problems = await pdfLayoutProblems(pdf);
    expect(problems).toEqual([expect.stringMatching(/word split across lines .*"…Organisatorisc" \/ "h…"/)]);
  });

  it('finds a word broken into longer pieces when the test names it or the document prints it whole', async () => {
    const narrow = (doc: PDFKit.PDFDocument, top: number) =>
      doc.text('Explosionsschutzdokument', 40, top, { width: 60 });
    const named = await pdfLayoutProblems(await pdfWith(narrow), { words: ['Explosionsschutzdokument'] });
    expect(named).toEqual([expect.stringContaining('("Explosionsschutzdokument")')]);
    const printedWhole = await pdfLayoutProblems(
      await pdfWith((doc, top) => {
        narrow(doc, top);
        doc.text('Das Explosionsschutzdokument liegt aus.', 40, top + 80, { width: 400 });
      }),
    );
    expect(printedWhole).toEqual([expect.stringContaining('("Explosionsschutzdokument")')]);
  });

  it('accepts wrapping at spaces and after hyphens, also in narrow columns', async () => {
    const pdf = await pdfWith((doc, top) => {
      doc.text('Schutzhaube mit Verriegelung nachrüsten', 40, top, { width: 60 });
      doc.text('explosionsfähige Dampf-Luft-Gemische', 200, top, { width: 80 });
      doc.text('Halle 1 – Abfüllung', 300, top, { width: 40, align: 'right' });
    });
    expect(
      await pdfLayoutProblems(pdf, {
        words: ['Schutzhaube', 'Verriegelung', 'nachrüsten', 'explosionsfähige'],
      }),
    ).toEqual([]);
  });

  it('finds text outside its page', async () => {
    const pdf = await pdfWith((doc, top) => doc.text('über den Rand', 560, top, { lineBreak: false }));
    // pdf.js leaves out the glyphs beyond the page's edge („Rand“).
    expect(await pdfLayoutProblems(pdf)).toEqual([
      expect.stringMatching(/^text outside the page .*"über den/),
    ]);
  });
});

/** The width pdfkit gives a text in DejaVu Sans 8 pt (the frame's regular font). */
function doc8Width(text: string): number {
  const frame = openPdf({ title: 'x', companyName: '', printedAt: new Date() });
  const width = frame.doc.font('regular').fontSize(8).widthOfString(text);
  frame.doc.end();
  return width;
}

import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { tinyPng } from '#test/file-fixtures.ts';
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

describe('report PDF template', () => {
  it('puts the operator logo into the header, next to the company name', async () => {
    const withLogo = await renderPdf({ ...input, logo: tinyPng() } as Parameters<typeof renderPdf>[0]);
    const without = await renderPdf(input as Parameters<typeof renderPdf>[0]);
    expect(withLogo.includes('/Subtype /Image')).toBe(true);
    expect(without.includes('/Subtype /Image')).toBe(false);
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
});

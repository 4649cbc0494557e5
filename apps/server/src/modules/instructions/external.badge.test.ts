import { describe, expect, it } from 'vitest';
import { expectCleanPdfLayout, readPdfText } from '#test/support/pdf-layout.ts';
import { fittingSize, renderVisitorBadgePdf } from './external.badge.ts';

const data = {
  companyName: 'Rheinwerk Chemie GmbH',
  name: 'Erika Besucherin',
  company: 'Lüftungsbau Nord GmbH',
  location: 'Werk Köln-Niehl',
  topics: ['EXT-1 Sicherheit am Werkstor', 'EXT-2 Brandschutz für Besucher'],
  completedOn: '2026-11-27',
  validUntil: '2027-11-27',
};
const printedAt = new Date('2026-11-27T09:47:00Z');

describe('visitor badge (decision 078)', { timeout: 30_000 }, () => {
  it('takes the largest type that fits, and the smallest when none does', () => {
    const measure = (size: number) => size * 10;
    expect(fittingSize(200, measure)).toBe(20);
    expect(fittingSize(170, measure)).toBe(16);
    expect(fittingSize(50, measure)).toBe(12);
  });

  it('keeps a long name on one line, in a smaller type', async () => {
    const name = 'Erika Besucherin-Lang MWYQMG4W';
    const pdf = await renderVisitorBadgePdf({ ...data, name }, { printedAt });
    const pages = await expectCleanPdfLayout(pdf, { words: ['Besucherin-Lang', 'MWYQMG4W'] });
    const items = pages.flatMap((page) => page.items);
    const line = items.find((item) => item.text.includes('Erika'));
    expect(line?.text).toBe(name);
    expect(line?.fontSize).toBeLessThan(20);
    expect(line?.fontSize).toBeGreaterThanOrEqual(12);
    const texts = items.map((item) => item.text);
    expect(texts).toContain('BESUCHERAUSWEIS');
    expect(texts).toContain('Werk Köln-Niehl');
  });

  it('wraps a name too long even for 12 pt between words, not inside one', async () => {
    const name = 'Maximiliane Alexandra Besucherin-Langenscheidt von Hohenzollern';
    const pdf = await renderVisitorBadgePdf({ ...data, name }, { printedAt });
    const pages = await expectCleanPdfLayout(pdf, { words: ['Besucherin-Langenscheidt', 'Hohenzollern'] });
    const lines = pages
      .flatMap((page) => page.items)
      .filter((item) => item.fontSize > 11.5 && item.fontSize < 12.5);
    expect(lines.length).toBeGreaterThan(1);
    // Each line ends at a space or after the hyphen (the layout check above finds a word split inside).
    expect(
      lines
        .map((line) => line.text.trim())
        .join(' ')
        .replace('- ', '-'),
    ).toBe(name);
  });

  it('prints a short name in the full 20 pt', async () => {
    const pages = await readPdfText(await renderVisitorBadgePdf(data, { printedAt }));
    const line = pages.flatMap((page) => page.items).find((item) => item.text === 'Erika Besucherin');
    expect(line?.fontSize).toBeCloseTo(20, 1);
  });
});

import { P } from '@schutzwerk/shared/permissions.ts';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestApp, type TestApp } from '#test/app.ts';
import { expectCleanPdfLayout } from '#test/support/pdf-layout.ts';

/**
 * Report PDFs (the report engine's frame and table) have no text over text and no word split across lines
 * (issue 15): every base report the product ships, and a report with long texts, many columns and rows
 * under a long title and company name.
 */
let t: TestApp;
let admin: ApiClient;

const COMPANY = 'Rheinwerk Chemie GmbH – Werk Köln-Niehl, Sparte Lösungsmittel und Spezialchemikalien';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const current = await admin.get('/api/settings/system');
  const { value, version } = current.json<{ data: { value: Record<string, string>; version: number } }>()
    .data;
  const saved = await admin.put('/api/settings/system', {
    version,
    value: { ...value, companyName: COMPANY },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function pdfOf(body: Record<string, unknown>): Promise<Buffer> {
  const res = await admin.post('/api/reports/generate', { Art: 1, ...body });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text.replace(/\s+/g, ' ');
}

describe('report PDFs: layout', () => {
  it('prints every base report without text over text', async () => {
    const res = await admin.get('/api/reports?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const reports = res
      .json<{ data: { rows: { id: number; reportname: string; formats: string[] }[] } }>()
      .data.rows.filter((r) => r.formats.includes('pdf'));
    expect(reports.length).toBeGreaterThanOrEqual(4);
    for (const report of reports) {
      const pdf = await pdfOf({ ReportID: report.id, Filter: '{}' });
      await expectCleanPdfLayout(pdf, { words: report.reportname.split(/\s+/) });
    }
    // One report run after another (on PGlite each in a worker on a snapshot, decision 026).
  }, 120_000);

  it('wraps long cells at word boundaries, grows the rows and repeats the header on every page', async () => {
    const remark =
      'Erdung und Potentialausgleich aller Gebinde vor dem Abfüllen sicherstellen; Explosionsschutzdokument ' +
      'nach Gefahrstoffverordnung fortschreiben. ';
    const created = await admin.post('/api/reports', {
      reportname:
        'Unterweisungsnachweise mit Bemerkungen für das Werk Köln-Niehl und die Niederlassung Leverkusen',
      controller: 'employee',
      sql: `select n as "Nr.", 'Hoffmann-Leutheusser' as "Nachname", 'Katrin' as "Vorname",
       'Abfülllinie 1 – Abfüllen von Ethanol in Gebinde' as "Bezeichnung",
       case when n % 2 = 0 then 'Organisatorisch' else 'Personenbezogen' end as "Sicherheitsunterweisung",
       repeat('${remark}', n % 6) as "Bemerkung",
       repeat('${remark}', case when n = 3 then 20 else 0 end) as "Anhang",
       'katrin.hoffmann-leutheusser@rheinwerk-chemie.example.de' as "E-Mail"
from generate_series(1, 120) n order by n`,
      timeoutSeconds: 30,
      formats: ['pdf'],
      rights: [P.REPORTS],
      filters: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const pdf = await pdfOf({ ReportID: created.json<{ data: { id: number } }>().data.id, Filter: '{}' });
    const pages = await expectCleanPdfLayout(pdf, {
      words: [
        ...remark.split(/\s+/),
        'Sicherheitsunterweisung',
        'Organisatorisch',
        'Personenbezogen',
        'Abfülllinie',
        'Niederlassung',
      ],
    });
    expect(pages.length).toBeGreaterThan(3);
    // Landscape (more than five columns), the header row on every page.
    for (const page of pages) {
      expect(page.width).toBeGreaterThan(page.height);
      expect(page.items.some((i) => i.text.startsWith('Sicherheitsunterweisung'))).toBe(true);
    }
    const text = await textOf(pdf);
    expect(text).toContain('Explosionsschutzdokument nach Gefahrstoffverordnung');
    expect(text).toContain(COMPANY);
    // A cell longer than the rows may grow ends in „…“; the footer stays one line with the page number.
    expect(text).toContain('…');
    expect(text).toMatch(new RegExp(`Seite ${pages.length} von ${pages.length}`));
  }, 60_000);
});

import fs from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { launchBrowser, newPage, signIn } from './support/browser.ts';

/** Decision 051: absence and costs, the notice PDF with its field values, the statistics and the quota. */
const suffix = Date.now().toString(36).toUpperCase();
// A year of its own: other specs file reports in the current year.
const YEAR = 2019;

async function pdfText(file: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await fs.readFile(file)) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text.replace(/\s+/g, ' ');
}

/** The totals row `label` of the statistics (this year's cell). */
async function figure(page: Page, label: string): Promise<string> {
  const row = page
    .getByTestId('statistics-totals')
    .getByRole('row')
    .filter({
      has: page.getByRole('rowheader', { name: label, exact: true }),
    });
  return (await row.getByRole('cell').first().textContent())?.trim() ?? '';
}

async function openStatistics(page: Page) {
  await page.goto('/accidents/statistics');
  await page.getByLabel('Jahr', { exact: true }).fill(String(YEAR));
  await page.getByRole('button', { name: 'Anzeigen', exact: true }).click();
  await page
    .getByTestId('statistics-totals')
    .getByRole('columnheader', { name: String(YEAR) })
    .waitFor();
}

describe('accident notice and statistics', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('records absence and costs with bad input refused, produces the notice PDF with its values, and the statistics and quota follow', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const location = await api<{ id: number }>(page, 'POST', 'locations', {
      parentId: null,
      name: `Anzeigewerk ${suffix}`,
    });
    expect(location.status).toBe(201);
    // Two employees work there: the location's 1000-man quota divides by them (decision 071).
    for (const n of [1, 2]) {
      const employee = await api(page, 'POST', 'employee', {
        personnelNumber: `AW${n}-${suffix}`,
        lastName: `Anzeigewerker ${n} ${suffix}`,
        firstName: 'Alex',
        locationId: location.data.id,
      });
      expect(employee.status).toBe(201);
    }
    const person = `Anzeige ${suffix}`;
    const created = await api<{ id: number }>(page, 'POST', 'accidents', {
      eventType: 1,
      externalName: person,
      externalCompany: 'Montagebau GmbH',
      accidentAt: `${YEAR}-03-04T09:15:00.000Z`,
      firstAidAt: `${YEAR}-03-04T09:20:00.000Z`,
      locationId: location.data.id,
      injuries: [{ bodyPart: 27, injuryType: 10 }],
      injuryCategory: 2,
      description: `Sturz von der Leiter ${suffix}`,
    });
    expect(created.status).toBe(201);

    // The statistics before: the new location with one report, not reportable.
    await openStatistics(page);
    await expectAccessible(page);
    const reportableBefore = Number(await figure(page, 'Meldepflichtige Unfälle'));
    const quotaBefore = await figure(page, '1000-Mann-Quote');
    const locationRow = page
      .getByTestId('statistics-location')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: `Anzeigewerk ${suffix}` }) });
    expect(await locationRow.getByRole('cell').first().textContent()).toBe('1');
    // The location's quota: no reportable accident yet, two employees (today's: no monthly snapshot of the year).
    const quotaRow = page
      .getByTestId('statistics-locationQuota')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: `Anzeigewerk ${suffix}` }) });
    expect(await quotaRow.getByRole('cell').allTextContents()).toEqual(['0', '2', '0,0', '0', '2', '0,0']);
    const [quotaXlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '1000-Mann-Quote nach Ort als XLSX exportieren' }).click(),
    ]);
    expect(quotaXlsx.suggestedFilename()).toBe(`Unfallstatistik-${YEAR}-locationQuota.xlsx`);
    // The charts come in their own chunk.
    await page.getByTestId('statistics-month').locator('svg').first().waitFor();
    await page.getByLabel('Jahr', { exact: true }).fill('19');
    await page.getByText('Bitte geben Sie ein Jahr zwischen 1990 und 2100 an.').waitFor();

    // Absence and costs on the report: bad input gets German messages.
    await page.goto(`/accidents/${created.data.id}`);
    await page.getByRole('heading', { name: 'Ausfall, Kosten und Unfallanzeige' }).waitFor();
    await page.getByText('Keine Unfallanzeige nötig').waitFor();
    await expectAccessible(page);
    await page.getByLabel('Ausfalltage', { exact: true }).fill('fünf');
    await page.getByLabel('Ersatzpersonal (€)').fill('12,345');
    await page.getByRole('button', { name: 'Angaben speichern' }).click();
    await page.getByText('Bitte geben Sie eine ganze Zahl an.').waitFor();
    await page.getByText('Bitte geben Sie einen Betrag in Euro an, z. B. 1234,50.').waitFor();
    await page.getByLabel('Ausfalltage', { exact: true }).fill('6');
    await page.getByLabel('Ersatzpersonal (€)').fill('1.250,50');
    await page.getByLabel('Arbeitsbeginn am Unfalltag').fill('7 Uhr');
    await page.getByRole('button', { name: 'Angaben speichern' }).click();
    await page.getByText('Bitte geben Sie die Uhrzeit als HH:MM an.').waitFor();
    await page.getByLabel('Arbeitsbeginn am Unfalltag').fill('07:00');
    await page.getByLabel('Unfallversicherungsträger').fill(`BG Bau ${suffix}`);
    await page.getByLabel('Unternehmensnummer').fill('987654321');
    await page.getByLabel(/^Betriebsrat\/Personalrat/).fill(`Rita Rat ${suffix}`);
    await page.getByRole('button', { name: 'Angaben speichern' }).click();
    await page.getByText('Die Angaben wurden gespeichert.').waitFor();
    // More than three days lost: reportable, with the deadline (accident day + 3).
    await page
      .getByText(`bis zum 07.03.${String(YEAR).slice(2)} an die Unfallversicherung zu senden`)
      .waitFor();
    expect(await page.getByLabel('Ersatzpersonal (€)').inputValue()).toBe('1250,50');
    await expectAccessible(page);

    // The notice PDF with the field values.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Unfallanzeige (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Unfallanzeige-${created.data.id}.pdf`);
    const text = await pdfText(await download.path());
    for (const value of [
      'Unfallanzeige',
      `BG Bau ${suffix}`,
      '987654321',
      person,
      `Rita Rat ${suffix}`,
      `Anzeigewerk ${suffix}`,
      'Knochenbruch – Knie rechts',
      '07:00 – ? Uhr',
      `Sturz von der Leiter ${suffix}`,
    ])
      expect(text).toContain(value);

    // Sending needs every required field: an external person has no birth date etc. in the product.
    await page.getByRole('button', { name: 'Als gesendet markieren' }).click();
    await page.getByText('Für die Unfallanzeige fehlen noch Angaben.').waitFor();
    await page.getByText('3(1)2b Geburtsdatum: Diese Angabe ist für die Unfallanzeige nötig.').waitFor();

    // The statistics after: one reportable accident more, the quota changed.
    await openStatistics(page);
    await waitForFigure(page, 'Meldepflichtige Unfälle', String(reportableBefore + 1));
    expect(await figure(page, '1000-Mann-Quote')).not.toBe(quotaBefore);
    expect(await locationRow.getByRole('cell').nth(2).textContent()).toBe('6');
    // One reportable accident × 1000 / two employees; the previous year stays without.
    expect(await quotaRow.getByRole('cell').allTextContents()).toEqual(['1', '2', '500,0', '0', '2', '0,0']);
    await expectAccessible(page);
    await context.close();
  });
});

async function waitForFigure(page: Page, label: string, value: string) {
  const row = page
    .getByTestId('statistics-totals')
    .getByRole('row')
    .filter({
      has: page.getByRole('rowheader', { name: label, exact: true }),
    });
  await row.getByRole('cell', { name: value, exact: true }).first().waitFor();
}

import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridTotal, launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';
import { chooseRow } from './support/pickers.ts';

describe('report print dialog', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('picks a report, warns above 1000 records, filters, and downloads the PDF under the server’s name', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/employee/list');
    await gridTotal(page, 'Mitarbeiter');
    await page.getByRole('button', { name: 'Drucken' }).click();
    const dialog = page.getByRole('dialog', { name: 'bitte wählen Sie einen Report aus' });
    await dialog.waitFor();
    const create = dialog.getByRole('button', { name: 'Report erstellen' });
    expect(await create.isDisabled()).toBe(true);

    // The picker offers this module's reports.
    await dialog.getByRole('button', { name: 'Report auswählen' }).click();
    const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await picker.getByLabel('Suchen').fill('Mitarbeiterliste');
    await waitUntil(async () => (await gridTotal(page, 'Bitte Eintrag auswählen')) === 1, 'one report found');
    await chooseRow(picker, picker.locator('[data-row-index="0"][data-loaded="true"]'));
    expect(await dialog.getByRole('textbox', { name: /^Report/ }).inputValue()).toBe(
      'Mitarbeiterliste nach Abteilung',
    );

    // Its filters: a text filter and a switch that defaults to on.
    const activeOnly = dialog.getByRole('switch', { name: 'nur aktive' });
    await activeOnly.waitFor();
    expect(await activeOnly.isChecked()).toBe(true);
    // All ~10,000 demo employees: the spec's warning, and no report while it shows.
    const warning = dialog.getByTestId('report-warning');
    await warning
      .getByText('Die Datenmenge ist beträchtlich und kann zu langen Wartezeiten oder Abbrüchen führen')
      .waitFor();
    expect(await create.isDisabled()).toBe(true);

    // Narrowed by department: no warning, the report can be made.
    await dialog.getByLabel('Abteilung').fill('Synthese');
    await warning.waitFor({ state: 'detached' });
    await dialog.getByTestId('report-count').waitFor();
    await waitUntil(async () => !(await create.isDisabled()), 'create enabled');
    const download = page.waitForEvent('download');
    await create.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Mitarbeiterliste nach Abteilung.*\.pdf$/);
    await dialog.waitFor({ state: 'detached' });
    const path = await file.path();
    const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Mitarbeiterliste nach Abteilung');
    expect(text).toContain('Abteilung: Synthese');
    expect(text).toMatch(/Seite 1 von \d+/);
    await context.close();
  });
});

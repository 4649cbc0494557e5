import fs from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeExe, minimalPdf, tinyPng } from '../apps/server/test/file-fixtures.ts';
import { drawer, gridTotal, launchBrowser, login, newPage, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36);

describe('documents', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a document, uploads a PDF and a new version, releases and downloads it; wrong files get German messages', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin');
    await drawer(page).getByRole('link', { name: 'Dokumente', exact: true }).click();
    await page.waitForURL(/\/documents\/list$/);
    await gridTotal(page, 'Dokumente');

    // Create.
    const label = `Betriebsanweisung Stapler ${suffix}`;
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Neues Dokument anlegen' });
    await create.getByLabel('Bezeichnung').fill(label);
    await create.getByLabel('Dokumenttyp').click();
    await page.getByRole('option', { name: 'Betriebsanweisung', exact: true }).click();
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/documents\/\d+$/);
    await create.waitFor({ state: 'hidden' });
    await waitUntil(
      async () => (await page.getByRole('textbox', { name: 'Bezeichnung' }).inputValue()) === label,
      'record page shows the label',
    );

    // Upload dialog: no file, a wrong type (checked in the browser), an executable renamed to .pdf (refused by
    // the server after sniffing the content).
    await page.getByRole('button', { name: 'Datei hochladen' }).first().click();
    const upload = page.getByRole('dialog', { name: 'Datei hochladen' });
    await upload.getByRole('button', { name: 'Datei hochladen' }).click();
    await upload.getByText('Es wurde keine Datei hochgeladen. Bitte wählen Sie eine Datei aus.').waitFor();
    const input = upload.getByTestId('document-file-input');
    await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: fakeExe() });
    await upload
      .getByText(/Falscher Dateityp oder Datei zu groß: „setup\.exe“ ist kein erlaubter Dateityp/)
      .waitFor();
    await input.setInputFiles({ name: 'rechnung.pdf', mimeType: 'application/pdf', buffer: fakeExe() });
    await upload.getByRole('button', { name: 'Datei hochladen' }).click();
    await upload.getByText('Der Inhalt der Datei passt nicht zur Endung „.pdf“', { exact: false }).waitFor();

    // First version.
    await input.setInputFiles({
      name: 'Anweisung v1.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf('v1'),
    });
    await upload.getByLabel('Kommentar').fill('Erste Fassung');
    await upload.getByRole('button', { name: 'Datei hochladen' }).click();
    await upload.waitFor({ state: 'hidden' });
    await page.getByText('Die Datei wurde hochgeladen.').waitFor();
    const rows = page.getByTestId('document-version-row');
    await rows.first().getByText('Anweisung v1.pdf').waitFor();

    // A PNG as new version cannot be released.
    await page.getByRole('button', { name: 'Neue Version hochladen' }).click();
    await input.setInputFiles({ name: 'Foto.png', mimeType: 'image/png', buffer: tinyPng() });
    await upload.getByRole('button', { name: 'Datei hochladen' }).click();
    await upload.waitFor({ state: 'hidden' });
    await rows.first().getByText('Foto.png').waitFor();
    await page.getByRole('button', { name: 'Freigeben' }).click();
    await page
      .getByText('Für die Freigabe muss die aktuelle Version des Dokuments eine PDF-Datei sein.')
      .waitFor();

    // A PDF as third version, then release.
    await page.getByRole('button', { name: 'Neue Version hochladen' }).click();
    await input.setInputFiles({
      name: 'Anweisung v2.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf('v2'),
    });
    await upload.getByRole('button', { name: 'Datei hochladen' }).click();
    await upload.waitFor({ state: 'hidden' });
    await rows.first().getByText('Anweisung v2.pdf').waitFor();
    expect(await rows.count()).toBe(3);
    await page.getByRole('button', { name: 'Freigeben' }).click();
    await page.getByTestId('document-released').waitFor();
    expect(await page.getByTestId('document-released').textContent()).toMatch(
      /^Freigegeben am \d\d\.\d\d\.\d\d \d\d:\d\d von /,
    );

    // Old versions stay downloadable under their stored names.
    for (const [name, content] of [
      ['Anweisung v1.pdf', minimalPdf('v1')],
      ['Anweisung v2.pdf', minimalPdf('v2')],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Herunterladen ${name}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(name);
      const file = await download.path();
      expect((await fs.readFile(file)).equals(content)).toBe(true);
    }

    // The list shows it as released with the current file.
    await page.goto('/documents/list');
    await page.getByLabel('Suchen').fill(suffix);
    await page.getByRole('grid', { name: 'Dokumente' }).getByText('Anweisung v2.pdf').waitFor();
    await context.close();
  });
});

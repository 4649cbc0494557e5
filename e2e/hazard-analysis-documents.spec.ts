import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { fakeExe, minimalPdf } from '../apps/server/test/file-fixtures.ts';
import { drawer, launchBrowser, login, newPage } from './support/browser.ts';

const suffix = Date.now().toString(36).toUpperCase();

/** Documents on a hazard assessment (decision 021, Documents and document tasks). */
describe('hazard assessment documents', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('uploads and attaches a PDF in the section "Dokumente", refuses wrong files in German, detaches it', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin');

    // An assessment (no hazards needed for documents).
    await drawer(page).getByRole('link', { name: 'Gefährdungsbeurteilungsmodul', exact: true }).click();
    await page.waitForURL(/\/hazardanalysis\/list$/);
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Neue Gefährdungsbeurteilung anlegen' });
    await create.getByLabel('Bezeichnung').fill(`Lager mit Dokumenten ${suffix}`);
    await create.getByRole('textbox', { name: /^Ort/ }).click();
    const locationPicker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await locationPicker.getByLabel('Suchen').fill('Tanklager');
    await locationPicker
      .getByRole('grid')
      .getByText(/Tanklager Nord/)
      .first()
      .click();
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/hazardanalysis\/\d+$/);

    const section = page.getByTestId('analysis-documents');
    await section.getByRole('heading', { name: 'Dokumente' }).waitFor();
    await section.getByText('Keine Dokumente zugeordnet.').waitFor();

    // "Neues Dokument hochladen": a wrong type is refused in the browser, an executable named .pdf by the server.
    await section.getByRole('button', { name: 'Neues Dokument hochladen' }).click();
    const upload = page.getByRole('dialog', { name: 'Datei hochladen' });
    const input = upload.getByTestId('document-file-input');
    await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: fakeExe() });
    await upload
      .getByText(/Falscher Dateityp oder Datei zu groß: „setup\.exe“ ist kein erlaubter Dateityp/)
      .waitFor();
    await input.setInputFiles({ name: 'prüfbericht.pdf', mimeType: 'application/pdf', buffer: fakeExe() });
    await upload.getByRole('button', { name: 'Datei hochladen' }).click();
    await upload.getByText('Der Inhalt der Datei passt nicht zur Endung „.pdf“', { exact: false }).waitFor();

    // A real PDF: a document named after the file is created, uploaded and attached.
    const label = `Explosionsschutz ${suffix}`;
    await input.setInputFiles({ name: `${label}.pdf`, mimeType: 'application/pdf', buffer: minimalPdf() });
    await upload.getByRole('button', { name: 'Datei hochladen' }).click();
    await upload.waitFor({ state: 'hidden' });
    await section.getByRole('link', { name: label }).waitFor();
    await section.getByText(`${label}.pdf`, { exact: false }).waitFor();

    // The refused upload left no document behind: only the good one is attached.
    await section.getByText('Keine Dokumente zugeordnet.').waitFor({ state: 'hidden' });
    await section.getByRole('link').nth(1).waitFor({ state: 'detached' });

    // Detach: the list is empty again; the header form still saves (the page took the new version).
    await section.getByRole('button', { name: `Zuordnung entfernen: ${label}` }).click();
    await section.getByRole('link', { name: label }).waitFor({ state: 'hidden' });
    await section.getByText('Keine Dokumente zugeordnet.').waitFor();
    await page.getByRole('textbox', { name: 'Bezeichnung' }).fill(`Lager mit Dokumenten ${suffix} (geprüft)`);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert.', { exact: true }).waitFor();
    await context.close();
  });
});

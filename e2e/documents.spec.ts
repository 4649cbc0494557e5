import fs from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeExe, minimalPdf, tinyPng } from '../apps/server/test/file-fixtures.ts';
import { drawer, gridTotal, launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';
import { chooseRow } from './support/pickers.ts';

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
    await signIn(page, 'admin');
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

  it('records a check (refused without responsible person and date), keeps the form on a stale save, attaches to a location', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.goto('/documents/list');
    await gridTotal(page, 'Dokumente');
    const label = `Prüfbericht Regale ${suffix}`;
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Neues Dokument anlegen' });
    await create.getByLabel('Bezeichnung').fill(label);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/documents\/\d+$/);
    const url = page.url();

    // A check needs a responsible person and a check date.
    await page.getByRole('button', { name: 'Prüfung durchführen' }).click();
    await page
      .getByText(
        'Für die Dokumentenprüfung braucht das Dokument eine verantwortliche Person und ein Prüfdatum.',
      )
      .waitFor();
    await page.getByRole('textbox', { name: 'Verantwortlich' }).click();
    const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await picker.getByLabel('Suchen').fill('Albrecht');
    await chooseRow(picker, picker.getByRole('grid').getByText('Albrecht'));
    await page.getByLabel('Nächste Prüfung').fill('2026-01-01');
    await page.getByLabel('Prüfintervall').click();
    await page.getByRole('option', { name: 'jährlich', exact: true }).click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Das Dokument wurde gespeichert.').waitFor();
    await page.getByRole('button', { name: 'Prüfung durchführen' }).click();
    await page.getByText('Die Prüfung wurde erfasst.').waitFor();
    await page.getByText(/^Zuletzt geprüft am \d\d\.\d\d\.\d\d \d\d:\d\d von /).waitFor();
    const next = await page.getByLabel('Nächste Prüfung').inputValue();
    expect(next > '2026-12-31').toBe(true);

    // Someone else saves meanwhile: this form keeps its text and offers 'Neu laden'.
    const other = await newPage(browser);
    await signIn(other.page, 'admin');
    await other.page.goto(url);
    await waitUntil(
      async () => (await other.page.getByRole('textbox', { name: 'Bezeichnung' }).inputValue()) === label,
      'second page loaded',
    );
    await other.page.getByRole('textbox', { name: 'Revision' }).fill('B');
    await other.page.getByRole('button', { name: 'Speichern' }).click();
    await other.page.getByText('Das Dokument wurde gespeichert.').waitFor();
    await other.context.close();
    await page.getByRole('textbox', { name: 'Version', exact: true }).fill('2.0');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page
      .getByText('Das Dokument wurde inzwischen von einer anderen Person geändert.', { exact: false })
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Version', exact: true }).inputValue()).toBe('2.0');
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await page.getByRole('button', { name: 'Neu laden' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Das Dokument wurde gespeichert.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Revision' }).inputValue()).toBe('B');
    expect(await page.getByRole('textbox', { name: 'Version', exact: true }).inputValue()).toBe('2.0');

    // Attach it to a location through the shared component, then detach it.
    await page.goto('/locations/list');
    await page.getByRole('tree').getByText('Werk Köln-Niehl', { exact: true }).click();
    const section = page.getByTestId('attached-documents');
    await section.getByRole('button', { name: 'Dokument zuordnen' }).click();
    const docPicker = page.getByRole('dialog', { name: 'Dokument auswählen' });
    await docPicker.getByLabel('Suchen').fill(label);
    await chooseRow(docPicker, docPicker.getByRole('grid').getByText(label));
    await section.getByRole('link', { name: label }).waitFor();
    await section.getByRole('button', { name: `Zuordnung entfernen: ${label}` }).click();
    await section.getByRole('link', { name: label }).waitFor({ state: 'hidden' });
    await context.close();
  });
  it('a user without „Vertrauliche Dokumente lesen“ sees the confidential flag read-only and no file name, size or hash', async () => {
    // The admin creates a confidential document with a file.
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/documents/list');
    await gridTotal(page, 'Dokumente');
    const label = `Gehaltsliste ${suffix}`;
    const fileName = `gehaelter-${suffix}.pdf`;
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Neues Dokument anlegen' });
    await create.getByLabel('Bezeichnung').fill(label);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/documents\/\d+$/);
    const url = new URL(page.url()).pathname;
    await page.getByRole('checkbox', { name: 'Vertraulich' }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Das Dokument wurde gespeichert.').waitFor();
    await page.getByRole('button', { name: 'Datei hochladen' }).first().click();
    const upload = page.getByRole('dialog', { name: 'Datei hochladen' });
    await upload.getByTestId('document-file-input').setInputFiles({
      name: fileName,
      mimeType: 'application/pdf',
      buffer: minimalPdf('vertraulich'),
    });
    await upload.getByRole('button', { name: 'Datei hochladen' }).click();
    await upload.waitFor({ state: 'hidden' });
    await page.getByTestId('document-version-row').first().getByText(fileName).waitFor();
    await context.close();

    // sifa edits documents but lacks 2006: the flag is read-only with the reason, the file is hidden.
    const sifa = await newPage(browser);
    await signIn(sifa.page, 'sifa', url);
    await waitUntil(
      async () => (await sifa.page.getByRole('textbox', { name: 'Bezeichnung' }).inputValue()) === label,
      'record page shows the label',
    );
    const flag = sifa.page.getByRole('checkbox', { name: 'Vertraulich' });
    expect(await flag.isChecked()).toBe(true);
    expect(await flag.isDisabled()).toBe(true);
    await sifa.page.getByText('Nur mit dem Recht „Vertrauliche Dokumente lesen“ änderbar.').waitFor();
    const row = sifa.page.getByTestId('document-version-row').first();
    await row.getByText('Vertraulich – Datei nur mit Berechtigung „Vertrauliche Dokumente lesen“').waitFor();
    expect(await sifa.page.getByText(fileName).count()).toBe(0);
    expect(await row.getByRole('button', { name: /Herunterladen/ }).count()).toBe(0);
    // Saving another field keeps the flag (the save sends it unchanged; the server keeps it).
    await sifa.page.getByRole('textbox', { name: 'Revision' }).fill('C');
    await sifa.page.getByRole('button', { name: 'Speichern' }).click();
    await sifa.page.getByText('Das Dokument wurde gespeichert.').waitFor();
    expect(await flag.isChecked()).toBe(true);

    // The list shows no file name either.
    await sifa.page.goto('/documents/list');
    await sifa.page.getByLabel('Suchen').fill(label);
    const grid = sifa.page.getByRole('grid', { name: 'Dokumente' });
    await grid.getByText(label).waitFor();
    await grid.getByText('vertraulich', { exact: true }).waitFor();
    expect(await grid.getByText(fileName).count()).toBe(0);
    await sifa.context.close();
  });
});

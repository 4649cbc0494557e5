import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeExe, minimalPdf } from '../apps/server/test/file-fixtures.ts';
import { expectAccessible } from './support/a11y.ts';
import { gridTotal, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36).toUpperCase();

type File = {
  kind: string;
  topics: { identifier: string; label: string; questions: { answers: unknown[] }[] }[];
};

/** Export and import of topics with their questions (decision 043). */
describe('instruction topics: export and import', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('exports a search as a file, refuses a bad file with its place, previews and imports, then updates', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/instructions/list');
    await gridTotal(page, 'Unterweisungen');

    // Export the search "U-02 Brandschutz" (both words must occur; other specs on this server may have made
    // topics named "Brandschutz …"): the starter topic U-02 with its questions.
    await page.getByLabel('Suchen').fill('U-02 Brandschutz');
    await waitUntil(async () => (await gridTotal(page, 'Unterweisungen')) === 1, 'search narrows to U-02');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportieren' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^unterweisungen-\d{4}-\d{2}-\d{2}\.unterweisungen\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as File;
    expect(exported.topics.map((x) => x.identifier)).toEqual(['U-02']);
    expect(exported.topics[0]!.questions.length).toBeGreaterThanOrEqual(3);

    // The same content under a new identifier: a bad copy first (two answers only), then a good one.
    const copy = structuredClone(exported);
    copy.topics[0]!.identifier = `BS-${suffix}`;
    copy.topics[0]!.label = `Brandschutz Werk Nord ${suffix}`;
    const bad = structuredClone(copy);
    bad.topics[0]!.questions[0]!.answers = bad.topics[0]!.questions[0]!.answers.slice(0, 2);

    await page.getByRole('button', { name: 'Importieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unterweisungen importieren' });
    await dialog.waitFor();
    const input = dialog.getByTestId('topics-import-input');
    await input.setInputFiles({
      name: 'kaputt.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(bad)),
    });
    await dialog
      .getByText('Die Datei ist keine gültige Exportdatei mit Unterweisungen. Es wurde nichts importiert.')
      .waitFor();
    await dialog.getByText(`Unterweisung 1 (BS-${suffix}): Eine Frage hat 3 bis 5 Antworten.`).waitFor();
    expect(await dialog.getByRole('button', { name: 'Importieren' }).isDisabled()).toBe(true);
    await expectAccessible(page); // the dialog with the refusal

    await input.setInputFiles({
      name: 'brandschutz.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(copy)),
    });
    await dialog.getByText('Vorschau: 1 neu, 0 aktualisiert, 0 unverändert.').waitFor();
    const preview = dialog.getByRole('table', { name: 'Vorschau des Imports' });
    await preview.getByRole('row', { name: new RegExp(`BS-${suffix}.*Neu`) }).waitFor();
    await expectAccessible(page); // the dialog with the preview
    await dialog.getByRole('button', { name: 'Importieren' }).click();
    await page.getByText('Import abgeschlossen: 1 neu, 0 aktualisiert.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByLabel('Suchen').fill(`BS-${suffix}`);
    await waitUntil(
      async () => (await gridTotal(page, 'Unterweisungen')) === 1,
      'the imported topic is listed',
    );
    await listRows(page, 'Unterweisungen').getByText('Gesperrt').waitFor();

    // Importing the file again with a changed label: skipped unless "update" is ticked, then updated.
    copy.topics[0]!.label = `Brandschutz Werk Nord und Süd ${suffix}`;
    await page.getByRole('button', { name: 'Importieren' }).click();
    await dialog.waitFor();
    await dialog.getByTestId('topics-import-input').setInputFiles({
      name: 'brandschutz.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(copy)),
    });
    await dialog.getByText('Vorschau: 0 neu, 0 aktualisiert, 1 unverändert.').waitFor();
    await preview.getByText('Übersprungen').waitFor();
    await dialog
      .getByLabel('Vorhandene Unterweisungen (gleiche Kennung) aus der Datei aktualisieren')
      .check();
    await dialog.getByText('Vorschau: 0 neu, 1 aktualisiert, 0 unverändert.').waitFor();
    await preview.getByRole('row', { name: /Aktualisieren.*Bezeichnung/ }).waitFor();
    await dialog.getByRole('button', { name: 'Importieren' }).click();
    await page.getByText('Import abgeschlossen: 0 neu, 1 aktualisiert.').waitFor();
    await listRows(page, 'Unterweisungen').getByText(`Brandschutz Werk Nord und Süd ${suffix}`).waitFor();

    // The question overview finds the imported questions with their topic; a row opens the topic.
    await page.getByRole('link', { name: 'Fragenübersicht' }).click();
    await page.waitForURL(/\/instructions\/questions$/);
    // The overview's own list first: until its chunk has loaded, the topic list (and its search field) stays.
    await gridTotal(page, 'Fragenübersicht');
    await page.getByLabel('Suchen').fill(`BS-${suffix}`);
    await waitUntil(
      async () => (await gridTotal(page, 'Fragenübersicht')) === copy.topics[0]!.questions.length,
      'the imported questions are listed',
      30_000, // the overview's chunk, list and search on a loaded CI machine took longer than 10 s once
    );
    await page.getByLabel('Fragen', { exact: true }).click();
    await page.getByRole('option', { name: 'Nur Pflichtfragen' }).click();
    await waitUntil(
      async () => (await gridTotal(page, 'Fragenübersicht')) < copy.topics[0]!.questions.length,
      'only mandatory questions',
    );
    await listRows(page, 'Fragenübersicht').first().click();
    await page.waitForURL(/\/instructions\/edit\/\d+$/);
    await page.getByRole('textbox', { name: 'Bezeichnung' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Bezeichnung' }).inputValue()).toBe(
      `Brandschutz Werk Nord und Süd ${suffix}`,
    );

    // Documents of the topic (attach API): a wrong file is refused in German, a PDF is uploaded and attached.
    const section = page.getByTestId('topic-documents');
    await section.getByText('Keine Dokumente zugeordnet.').waitFor();
    await section.getByRole('button', { name: 'Neues Dokument hochladen' }).click();
    const upload = page.getByRole('dialog', { name: 'Datei hochladen' });
    const file = upload.getByTestId('document-file-input');
    await file.setInputFiles({ name: 'folien.pdf', mimeType: 'application/pdf', buffer: fakeExe() });
    await upload.getByRole('button', { name: 'Datei hochladen' }).click();
    await upload.getByText('Der Inhalt der Datei passt nicht zur Endung „.pdf“', { exact: false }).waitFor();
    const label = `Brandschutzordnung ${suffix}`;
    await file.setInputFiles({ name: `${label}.pdf`, mimeType: 'application/pdf', buffer: minimalPdf() });
    await upload.getByRole('button', { name: 'Datei hochladen' }).click();
    await upload.waitFor({ state: 'hidden' });
    await section.getByRole('link', { name: label }).waitFor();
    await context.close();
  });
});

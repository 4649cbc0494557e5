import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Browser, Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api.ts';
import { drawer, gridTotal, launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';
import { chooseRow, pickRow, tickRow } from './support/pickers.ts';

const suffix = Date.now().toString(36).toUpperCase();

async function pdfText(download: Download): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(await download.path())) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text.replace(/\s+/g, ' ');
}

describe('questionnaires: collections, types, the questionnaire of a hazard assessment', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('builds a type from a collection, starts it on an assessment, a comment creates the hazard, which prints', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/');
    // A checklist with one question (the builder has its own spec).
    const checklistName = `Maschinenrundgang ${suffix}`;
    const created = await api<{ id: number; version: number }>(page, 'POST', 'checklists', {
      label: checklistName,
    });
    const saved = await api(page, 'PUT', `checklists/${created.data.id}`, {
      version: created.data.version,
      label: checklistName,
      category: '',
      module: 'hazard_analysis',
      active: true,
      requiredProgress: 0,
      cloneMaximum: 0,
      rows: [{ key: 1, label: '' }],
      columns: [{ key: 1, label: '' }],
      cells: [
        {
          row: 1,
          column: 1,
          element: { type: 'checkbox', label: 'Schutzhaube geschlossen?', required: true, variable: null },
        },
      ],
      variables: [],
      rights: [],
      locked: false,
    });
    expect(saved.status).toBe(200);

    // Collections: at least one checklist.
    await drawer(page).getByRole('link', { name: 'Fragebogentypen', exact: true }).click();
    await page.waitForURL(/\/checklists\/tree\/control$/);
    await page.getByRole('tab', { name: 'Sammlungen' }).click();
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const collection = page.getByRole('dialog', { name: 'Neue Sammlung' });
    await collection.getByLabel('Bezeichnung').fill(`Produktion ${suffix}`);
    await collection.getByRole('button', { name: 'Speichern' }).click();
    await collection.getByText('Eine Sammlung muss mindestens eine Checkliste enthalten.').waitFor();
    await collection.getByRole('button', { name: 'Checklisten hinzufügen' }).click();
    const checklistPicker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await checklistPicker.getByLabel('Suchen').fill(checklistName);
    await tickRow(checklistPicker, checklistName);
    await checklistPicker.getByRole('button', { name: 'Übernehmen', exact: true }).click();
    await checklistPicker.waitFor({ state: 'detached' });
    await collection.getByText(checklistName).waitFor();
    await collection.getByRole('button', { name: 'Speichern' }).click();
    await collection.waitFor({ state: 'detached' });
    await page.getByRole('grid').getByText(`Produktion ${suffix}`).waitFor();

    // The type: a title (the server's message without), one segment asking the collection, linked to a brick.
    await page.getByRole('tab', { name: 'Fragebogentypen' }).click();
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const typeDialog = page.getByRole('dialog', { name: 'Neuer Fragebogentyp' });
    await typeDialog.getByRole('button', { name: 'Segment hinzufügen' }).click();
    const segment = typeDialog.getByTestId('segment-1');
    await segment.getByLabel('Nummer').fill('2.1');
    await segment.getByRole('textbox', { name: 'Bezeichnung' }).fill('Maschinen');
    await typeDialog.getByRole('button', { name: 'Speichern' }).click();
    await typeDialog
      .getByText('Für den Fragebogen ist keine Bezeichnung angegeben.', { exact: false })
      .waitFor();
    await typeDialog
      .getByRole('textbox', { name: 'Bezeichnung' })
      .first()
      .fill(`Produktionsbegehung ${suffix}`);
    await typeDialog.getByRole('button', { name: 'Speichern' }).click();
    await typeDialog
      .getByText('Für den Fragebogen ist keine Checklisten-Sammlung angegeben.', { exact: false })
      .waitFor();
    await segment.getByRole('button', { name: 'Sammlung auswählen' }).click();
    await pickRow(page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }), `Produktion ${suffix}`);
    await segment.getByRole('button', { name: 'Gefährdungsbaustein auswählen' }).click();
    const brickPicker = page.getByRole('dialog', { name: 'Gefährdungsbaustein auswählen' });
    await brickPicker.getByLabel('Suchen').fill('M-01');
    await chooseRow(
      brickPicker,
      brickPicker.getByRole('grid').getByText('Ungeschützt bewegte Maschinenteile'),
    );
    await typeDialog.getByRole('button', { name: 'Speichern' }).click();
    await typeDialog.waitFor({ state: 'detached' });
    await page.getByRole('grid').getByText(`Produktionsbegehung ${suffix}`).waitFor();

    // An assessment without hazards: start its questionnaire there.
    const assessment = `Fragebogen-GB ${suffix}`;
    await page.goto('/hazardanalysis/list');
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Neue Gefährdungsbeurteilung anlegen' });
    await create.getByLabel('Bezeichnung').fill(assessment);
    await create.getByRole('textbox', { name: /^Ort/ }).click();
    await pickRow(
      page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }),
      'Tanklager',
      /Tanklager Nord/,
    );
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/hazardanalysis\/\d+$/);
    const analysisUrl = page.url();
    const route = page.getByTestId('questionnaire-route');
    await route.getByText('Diese Gefährdungsbeurteilung hat noch keinen Fragebogen.').waitFor();
    await route.getByRole('button', { name: 'Fragebogen starten' }).click();
    const start = page.getByRole('dialog', { name: 'Fragebogen starten' });
    await start.getByRole('button', { name: 'Starten' }).click();
    await start.getByText('Fragebogentyp auswählen').first().waitFor();
    await start.getByRole('button', { name: 'Fragebogentyp auswählen' }).click();
    await pickRow(
      page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }),
      `Produktionsbegehung ${suffix}`,
    );
    await start.getByRole('button', { name: 'Starten' }).click();
    await start.waitFor({ state: 'detached' });
    await route.getByText(`${assessment} (offen)`).waitFor();
    await route.getByRole('link', { name: 'Fragebogen öffnen' }).click();
    await page.waitForURL(/\/checklists\/tree\/edit\/\d+$/);
    const questionnaireUrl = page.url();

    // Fill the checklist; a comment on its question creates the brick's hazard (an empty one is refused).
    const card = page.getByRole('region', { name: checklistName });
    await card.getByRole('checkbox', { name: 'Schutzhaube geschlossen? *' }).check();
    await card.getByLabel('Checkliste abgeschlossen').check();
    await card.getByRole('button', { name: 'Antworten speichern' }).click();
    await page.getByText('Die Antworten wurden gespeichert.').waitFor();
    const comment = page.getByRole('region', { name: /Kommentar zur Gefährdung/ });
    await comment.getByRole('button', { name: 'Als Gefährdung übernehmen' }).click();
    await comment.getByText('Bitte geben Sie einen Kommentar ein.').waitFor();
    await comment.getByLabel('Kommentar').fill(`Schutzhaube an Presse ${suffix} fehlt`);
    await comment.getByRole('button', { name: 'Als Gefährdung übernehmen' }).click();
    await page.getByText('Die Gefährdung wurde in der Gefährdungsbeurteilung angelegt.').waitFor();

    // An unknown view mode: the server's message.
    await page.goto(questionnaireUrl.replace('/edit/', '/druck/'));
    await page.getByText('Die Ansicht des Fragebogens ist unbekannt.', { exact: false }).waitFor();
    // Read only: no inputs to change.
    await page.goto(questionnaireUrl.replace('/edit/', '/read/'));
    await page
      .getByRole('region', { name: checklistName })
      .getByRole('checkbox', { name: 'Schutzhaube geschlossen? *' })
      .waitFor();
    expect(
      await page
        .getByRole('region', { name: checklistName })
        .getByRole('checkbox', { name: 'Schutzhaube geschlossen? *' })
        .isDisabled(),
    ).toBe(true);

    // The hazard is in the assessment, and in its print.
    await page.goto(analysisUrl);
    await page.getByTestId('hazards').getByText('Ungeschützt bewegte Maschinenteile').waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('print-assessment').click();
    const text = await pdfText(await download);
    expect(text).toContain('Ungeschützt bewegte Maschinenteile');
    expect(text).toContain(`Schutzhaube an Presse ${suffix} fehlt`);

    // The list print covers assessments with a questionnaire (route above 0).
    await page.goto('/hazardanalysis/list');
    await page.getByLabel('Suchen').fill(assessment);
    await waitUntil(async () => (await gridTotal(page)) === 1, 'the search applied');
    await page.getByRole('button', { name: 'Drucken' }).click();
    await page.getByRole('dialog', { name: 'bitte wählen Sie einen Report aus' }).waitFor();
    await page.keyboard.press('Escape');

    // Finish the questionnaire in the list's viewer.
    await page.goto(questionnaireUrl);
    await page.getByRole('button', { name: 'Fragebogen abschließen' }).click();
    await page.getByText('Der Fragebogen wurde abgeschlossen.').waitFor();
    await drawer(page).getByRole('link', { name: 'Fragebogen', exact: true }).click();
    await page.waitForURL(/\/checklists\/tree$/);
    await page.getByLabel('Suchen').fill(assessment);
    await waitUntil(async () => (await gridTotal(page)) === 1, 'the search applied');
    await page.getByRole('grid').getByText('abgeschlossen').waitFor();
    await context.close();
  });

  it('fills a questionnaire on a phone', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'admin', '/checklists/tree');
    const name = `Telefon ${suffix}`;
    const checklist = await api<{ id: number; version: number }>(page, 'POST', 'checklists', { label: name });
    await api(page, 'PUT', `checklists/${checklist.data.id}`, {
      version: checklist.data.version,
      label: name,
      category: '',
      module: 'general',
      active: true,
      requiredProgress: 0,
      cloneMaximum: 0,
      rows: [{ key: 1, label: '' }],
      columns: [{ key: 1, label: '' }],
      cells: [
        { row: 1, column: 1, element: { type: 'text', label: 'Befund', required: false, maxLength: 200 } },
      ],
      variables: [],
      rights: [],
      locked: false,
    });
    const collection = await api<{ id: number }>(page, 'POST', 'checklists/collections', {
      label: `Sammlung ${name}`,
      module: 'general',
      checklistIds: [checklist.data.id],
    });
    const type = await api<{ id: number }>(page, 'POST', 'checklists/trees', {
      title: `Typ ${name}`,
      module: 'general',
      segments: [
        {
          key: 1,
          parentKey: null,
          label: 'Halle',
          segment: '1',
          collectionId: collection.data.id,
          brickId: null,
        },
      ],
    });
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const start = page.getByRole('dialog', { name: 'Fragebogen starten' });
    await start.getByRole('button', { name: 'Fragebogentyp auswählen' }).click();
    await pickRow(page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }), `Typ ${name}`);
    await start.getByLabel('Bezeichnung').fill(`Rundgang ${name}`);
    await start.getByRole('button', { name: 'Starten' }).click();
    await page.waitForURL(/\/checklists\/tree\/edit\/\d+$/);
    expect(type.status).toBe(201);
    const card = page.getByRole('region', { name });
    await card.getByLabel('Befund').fill('Notausgang frei');
    await card.getByRole('button', { name: 'Antworten speichern' }).click();
    await page.getByText('Die Antworten wurden gespeichert.').waitFor();
    await context.close();
  });
});

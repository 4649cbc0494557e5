import fs from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { drawer, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';
import { chooseRow } from './support/pickers.ts';

/**
 * Decision 056: the checklist of step 6, investigation measures in the task list, the managed injury categories,
 * the company-wide notice defaults and the notice of an external person with its PDF values.
 */
const suffix = Date.now().toString(36).toUpperCase();

async function pdfText(file: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await fs.readFile(file)) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text.replace(/\s+/g, ' ');
}

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function next(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}

async function pickLocation(page: Page, name: string) {
  await page.getByRole('button', { name: 'Ort auswählen' }).click();
  const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
  await picker.getByLabel('Suchen').fill(name);
  await picker.locator('[data-row-index="0"][data-loaded="true"]', { hasText: name }).click();
  await picker.waitFor({ state: 'hidden' });
}

/** An accident-investigation checklist with one required checkbox (through the API, as the builder would save it). */
async function createChecklist(page: Page, label: string): Promise<number> {
  const created = await api<{ id: number; version: number }>(page, 'POST', 'checklists', {
    label,
    category: 'Unfalluntersuchung',
    module: 'accidents',
  });
  expect(created.status).toBe(201);
  const saved = await api(page, 'PUT', `checklists/${created.data.id}`, {
    version: created.data.version,
    label,
    category: 'Unfalluntersuchung',
    module: 'accidents',
    active: true,
    requiredProgress: 0,
    cloneMaximum: 0,
    rows: [{ key: 1, label: 'Ursache' }],
    columns: [{ key: 1, label: 'Prüfung' }],
    cells: [
      {
        row: 1,
        column: 1,
        element: { type: 'checkbox', label: 'Ursache ermittelt', required: true, variable: null },
      },
    ],
    variables: [],
    rights: [],
    locked: false,
  });
  expect(saved.status).toBe(200);
  return created.data.id;
}

describe('accident investigation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('picks a checklist in step 6, fills it from the report, and creates an investigation measure that shows in the task list', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const checklistLabel = `Unfalluntersuchung ${suffix}`;
    const checklistId = await createChecklist(page, checklistLabel);
    const person = `Untersuchung ${suffix}`;

    await page.goto('/accidents/new');
    await page.getByRole('radio', { name: 'Unfall', exact: true }).check();
    await next(page, 'Person');
    await page.getByRole('radio', { name: 'Externe Person' }).check();
    await page.getByRole('textbox', { name: 'Name' }).fill(person);
    await page.getByRole('textbox', { name: 'Firma' }).fill('Lagerlogistik KG');
    await next(page, 'Ort und Zeit');
    await page.getByLabel('Unfallzeitpunkt').fill('2026-10-20T10:00');
    await page.getByLabel('Zeitpunkt der Ersten Hilfe').fill('2026-10-20T10:05');
    await pickLocation(page, 'Tanklager');
    await next(page, 'Verletzungen');
    await page.getByRole('button', { name: 'Knie rechts', exact: true }).click();
    await choose(page, 'Verletzungsart', 'Prellung');
    await page.getByRole('button', { name: 'Verletzung hinzufügen' }).click();
    await choose(page, 'Verletzungskategorie', 'Arztbesuch ohne Arbeitsunfähigkeit');
    await next(page, 'Details');
    await page.getByLabel('Hergang').fill('Über eine Palette gestolpert.');

    // 6 checklist: the active accident checklists are offered.
    await next(page, 'Checkliste');
    await expectAccessible(page);
    await choose(page, 'Checkliste', checklistLabel);
    await next(page, 'Zusammenfassung');
    await page.getByText(checklistLabel, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Unfallmeldung erfassen' }).click();
    await page.waitForURL(/\/accidents\/\d+$/);
    const reportId = Number(page.url().split('/').pop());

    // The record page shows the checklist's state in the summary and its panel; fill it on /audits/checklist.
    await page.getByText(`${checklistLabel} – in Bearbeitung, 0 % ausgefüllt`).waitFor();
    await page
      .getByTestId('accident-checklist-state')
      .getByText('Stand: in Bearbeitung, 0 % ausgefüllt.')
      .waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Checkliste ausfüllen' }).click();
    await page.waitForURL(new RegExp(`/audits/checklist/${checklistId}\\?instance=\\d+$`));
    // Marking it done without the required answer is refused.
    await page.getByLabel('Abgeschlossen').check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Checkliste kann nicht abgeschlossen werden', { exact: false }).waitFor();
    await page.getByRole('checkbox', { name: 'Ursache ermittelt' }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Antworten wurden gespeichert.').waitFor();
    await page.goto(`/accidents/${reportId}`);
    await page
      .getByTestId('accident-checklist-state')
      .getByText('Stand: abgeschlossen, 100 % ausgefüllt.')
      .waitFor();
    await page.getByText(`${checklistLabel} – abgeschlossen, 100 % ausgefüllt`).waitFor();

    // An investigation measure: bad input first, then responsible, due date and the admin as executor.
    const title = `Palettenstellplatz markieren ${suffix}`;
    const panel = page.getByTestId('actions-panel');
    await panel.getByRole('button', { name: 'Maßnahme hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Maßnahme' });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Bitte geben Sie eine Bezeichnung an.').waitFor();
    await dialog.getByRole('textbox', { name: 'Bezeichnung' }).fill(title);
    await dialog.getByLabel('Fällig am').fill('2026-12-18');
    for (const [field, number] of [
      ['Verantwortlich', '000101'],
      ['Ausführende Person', '000101'],
    ] as const) {
      await dialog.getByRole('textbox', { name: field }).click();
      const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
      await picker.getByLabel('Suchen').fill(number);
      await chooseRow(picker, picker.getByRole('grid').getByText(number));
    }
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Maßnahme wurde angelegt.').waitFor();
    await listRows(page, 'Maßnahmen').filter({ hasText: title }).waitFor();
    await context.close();

    // The executor (sifa, 000101) finds it in „Meine Aufgaben“; the task opens the report.
    const sifa = await newPage(browser);
    await signIn(sifa.page, 'sifa');
    await drawer(sifa.page).getByRole('link', { name: 'Meine Aufgaben', exact: true }).click();
    await sifa.page.waitForURL(/\/tasks$/);
    const task = listRows(sifa.page, 'Meine Aufgaben').filter({ hasText: title });
    await task.waitFor();
    expect(await task.textContent()).toContain('18.12.');
    await sifa.page.goto(`/accidents/${reportId}`);
    await sifa.page.getByRole('heading', { name: 'Untersuchungsmaßnahmen' }).waitFor();
    await listRows(sifa.page, 'Maßnahmen').filter({ hasText: title }).waitFor();
    await sifa.context.close();
  });

  it('manages an injury category: bad input refused, reportable, used in a report, deleting refused, set inactive', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/accidents/list');
    await page.getByRole('link', { name: 'Verletzungskategorien' }).click();
    await page.waitForURL(/\/accidents\/injury-categories$/);
    await page.getByRole('button', { name: 'Tödlicher Unfall' }).waitFor();
    await expectAccessible(page);

    const label = `Augenverletzung ${suffix}`;
    await page.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
    const create = page.getByRole('dialog', { name: 'Verletzungskategorie hinzufügen' });
    await create.getByRole('button', { name: 'Speichern' }).click();
    await create.getByText('Bitte geben Sie eine Bezeichnung an.').waitFor();
    await create.getByRole('textbox', { name: 'Bezeichnung' }).fill('Tödlicher Unfall');
    await create.getByRole('button', { name: 'Speichern' }).click();
    await create.getByText('Diese Bezeichnung gibt es bereits.').waitFor();
    await expectAccessible(page);
    await create.getByRole('textbox', { name: 'Bezeichnung' }).fill(label);
    await create.getByRole('checkbox', { name: 'Meldepflichtig (Unfallanzeige nötig)' }).check();
    await create.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Verletzungskategorie wurde gespeichert.').waitFor();
    const row = page.getByRole('button', { name: new RegExp(label) });
    await row.getByText('meldepflichtig').waitFor();

    // Used by a report, which it makes reportable.
    const location = await api<{ id: number }>(page, 'POST', 'locations', {
      parentId: null,
      name: `Kategoriewerk ${suffix}`,
    });
    const categories = await api<{ id: number; label: string }[]>(page, 'GET', 'accidents/injury-categories');
    const categoryId = categories.data.find((c) => c.label === label)!.id;
    const report = await api<{ reportable: boolean }>(page, 'POST', 'accidents', {
      eventType: 1,
      externalName: `Kategorie ${suffix}`,
      externalCompany: 'Glas AG',
      accidentAt: '2026-10-21T08:00:00.000Z',
      firstAidAt: '2026-10-21T08:05:00.000Z',
      locationId: location.data.id,
      injuryCategory: categoryId,
    });
    expect(report.status).toBe(201);
    expect(report.data.reportable).toBe(true);
    await page.reload();
    await row.getByText('Verwendet in Meldungen: 1').waitFor();

    // Deleting a used category is refused; it can be set inactive.
    await row.click();
    const edit = page.getByRole('dialog', { name: 'Verletzungskategorie bearbeiten' });
    await edit.getByRole('button', { name: 'Löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Verletzungskategorie löschen?' });
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await confirm.getByText('kann nur inaktiv gesetzt werden', { exact: false }).waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();
    await edit.getByRole('checkbox', { name: 'Aktiv' }).uncheck();
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Verletzungskategorie wurde gespeichert.').waitFor();
    await row.getByText('inaktiv').waitFor();

    // The wizard no longer offers it.
    await page.goto('/accidents/new');
    await page.getByRole('radio', { name: 'Unfall', exact: true }).check();
    await next(page, 'Person');
    await page.getByRole('radio', { name: 'Externe Person' }).check();
    await page.getByRole('textbox', { name: 'Name' }).fill(`Inaktiv ${suffix}`);
    await page.getByRole('textbox', { name: 'Firma' }).fill('Glas AG');
    await next(page, 'Ort und Zeit');
    await page.getByLabel('Unfallzeitpunkt').fill('2026-10-22T08:00');
    await page.getByLabel('Zeitpunkt der Ersten Hilfe').fill('2026-10-22T08:05');
    await pickLocation(page, `Kategoriewerk ${suffix}`);
    await next(page, 'Verletzungen');
    await page.getByRole('combobox', { name: 'Verletzungskategorie' }).click();
    await page.getByRole('option', { name: 'Tödlicher Unfall', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: label }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('fills the notice of an external person (defaults from the settings, bad input refused) and the PDF carries the values', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/settings/accidents');
    const insurer = `BG Handel ${suffix}`;
    await page.getByLabel('Unfallversicherungsträger (Name)').fill(insurer);
    await page.getByLabel('Anschrift des Unfallversicherungsträgers').fill('Dynamostraße 7, 68165 Mannheim');
    await page.getByLabel('Unternehmensnummer').fill('4711');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Einstellungen wurden gespeichert.').waitFor();

    const location = await api<{ id: number }>(page, 'POST', 'locations', {
      parentId: null,
      name: `Anzeigelager ${suffix}`,
    });
    const person = `Nowak ${suffix}`;
    const report = await api<{ id: number }>(page, 'POST', 'accidents', {
      eventType: 1,
      externalName: person,
      externalCompany: 'Transport Ost GmbH',
      accidentAt: '2026-10-23T08:00:00.000Z',
      firstAidAt: '2026-10-23T08:05:00.000Z',
      locationId: location.data.id,
      injuries: [{ bodyPart: 27, injuryType: 10 }],
      injuryCategory: 4,
      description: `Vom Lkw gestürzt ${suffix}`,
    });
    expect(report.status).toBe(201);

    await page.goto(`/accidents/${report.data.id}`);
    await page.getByRole('heading', { name: 'Angaben zur externen Person für die Unfallanzeige' }).waitFor();
    // Pre-filled from the company-wide defaults.
    await waitUntil(
      async () =>
        (await page.getByLabel('Unfallversicherungsträger', { exact: true }).inputValue()) ===
        `${insurer}, Dynamostraße 7, 68165 Mannheim`,
      'the insurer comes from the settings',
    );
    expect(await page.getByLabel('Unternehmensnummer').inputValue()).toBe('4711');
    await page.getByLabel('Geburtsdatum').fill('1979-05-14');
    await page.getByLabel('Straße').fill('Am Hafen 12');
    await page.getByLabel('Postleitzahl').fill('12#45');
    await page.getByLabel('Ort', { exact: true }).fill('Magdeburg');
    await choose(page, 'Geschlecht', 'weiblich');
    await page.getByLabel('Krankenkasse').fill('IKK classic');
    await page.getByLabel('Staatsangehörigkeit').fill('deutsch');
    await page.getByRole('button', { name: 'Angaben speichern' }).click();
    await page.getByText('Bitte geben Sie eine gültige Postleitzahl ein.').waitFor();
    await expectAccessible(page);
    await page.getByLabel('Postleitzahl').fill('39104');
    await page.getByRole('button', { name: 'Angaben speichern' }).click();
    await page.getByText('Die Angaben wurden gespeichert.').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Unfallanzeige (PDF)' }).click(),
    ]);
    const text = await pdfText(await download.path());
    for (const value of [
      person,
      '14.05.1979',
      'Am Hafen 12, 39104 Magdeburg',
      'weiblich',
      'IKK classic',
      'deutsch',
      insurer,
      '4711',
      'Transport Ost GmbH',
    ])
      expect(text).toContain(value);

    // The notice is complete now (the works council member aside, which § 4 (2) 10 does not require).
    await page.getByRole('button', { name: 'Als gesendet markieren' }).click();
    await page.getByText('Die Unfallanzeige ist als gesendet vermerkt', { exact: false }).waitFor();
    await context.close();
  });

  it('gives a pupil the notice of § 4 (3): the institution is required, the PDF has its section', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const location = await api<{ id: number }>(page, 'POST', 'locations', {
      parentId: null,
      name: `Schulhof ${suffix}`,
    });
    const report = await api<{ id: number }>(page, 'POST', 'accidents', {
      eventType: 1,
      externalName: `Schüler ${suffix}`,
      externalCompany: 'Gesamtschule Süd',
      accidentAt: '2026-10-24T09:30:00.000Z',
      firstAidAt: '2026-10-24T09:35:00.000Z',
      locationId: location.data.id,
      injuries: [{ bodyPart: 27, injuryType: 10 }],
      injuryCategory: 4,
      description: `Beim Sport gestürzt ${suffix}`,
      externalBirthday: '2011-02-03',
      externalStreet: 'Schulstraße 1',
      externalPostalCode: '44135',
      externalCity: 'Dortmund',
      externalGender: 'd',
      externalHealthInsurance: 'TK',
      externalCitizenship: 'deutsch',
    });
    expect(report.status).toBe(201);
    await page.goto(`/accidents/${report.data.id}`);
    await choose(page, 'Versicherte Person', 'Kind, Schüler/in oder Studierende/r (§ 4 Abs. 3 UVAV)');
    await page.getByRole('button', { name: 'Angaben speichern' }).click();
    await page.getByText('Die Angaben wurden gespeichert.').waitFor();
    // Without the institution the notice cannot be sent.
    await page.getByRole('button', { name: 'Als gesendet markieren' }).click();
    await page
      .getByText(
        '4(3)1 Besuchte Einrichtung (Name, Anschrift): Diese Angabe ist für die Unfallanzeige nötig.',
      )
      .first()
      .waitFor();
    await expectAccessible(page);
    await page
      .getByLabel('Besuchte Einrichtung (Name, Anschrift)')
      .fill(`Gesamtschule Süd ${suffix}, Dortmund`);
    await page
      .getByLabel('Träger der Einrichtung (Bezeichnung, Anschrift)')
      .fill('Stadt Dortmund, Schulverwaltungsamt');
    await page.getByLabel('Unfall während des Distanzunterrichts').check();
    await page.getByRole('button', { name: 'Angaben speichern' }).click();
    await page.getByText('Die Angaben wurden gespeichert.').last().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Unfallanzeige (PDF)' }).click(),
    ]);
    const text = await pdfText(await download.path());
    for (const value of [
      'Angaben zur Einrichtung (§ 4 Abs. 3 UVAV)',
      `Gesamtschule Süd ${suffix}, Dortmund`,
      'Stadt Dortmund, Schulverwaltungsamt',
      '03.02.2011',
    ])
      expect(text).toContain(value);
    expect(text).not.toContain('Angaben zur Beschäftigung');
    await context.close();
  });
});

import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api.ts';
import { launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';
import { chooseRow, pickRow, tickRow } from './support/pickers.ts';

const suffix = Date.now().toString(36).toUpperCase();

/** Creates a substance with H225 and H319 through the API; answers its id and record version. */
async function createSubstance(page: Page, designation: string) {
  const res = await api<{ id: number; version: number }>(page, 'POST', 'substances', {
    designation,
    statements: ['H225', 'H319'],
  });
  expect(res.status).toBe(201);
  return res.data;
}

/** Runs the register report from the substances list in one format and answers the download. */
async function printRegister(page: Page, format: 'PDF' | 'Excel (XLSX)') {
  await page.getByRole('button', { name: 'Gefahrstoffverzeichnis drucken' }).click();
  const dialog = page.getByRole('dialog', { name: 'bitte wählen Sie einen Report aus' });
  await dialog.getByRole('button', { name: 'Report auswählen' }).click();
  const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
  await picker.getByLabel('Suchen').fill('Gefahrstoffverzeichnis');
  await chooseRow(picker, picker.locator('[data-loaded="true"]', { hasText: 'Gefahrstoffverzeichnis' }));
  await dialog.getByLabel('Bezeichnung enthält').fill(suffix);
  await dialog.getByRole('radio', { name: format }).check();
  const create = dialog.getByRole('button', { name: 'Report erstellen' });
  await dialog.getByTestId('report-count').waitFor();
  await waitUntil(async () => !(await create.isDisabled()), 'create enabled', 30_000);
  const download = page.waitForEvent('download');
  await create.click();
  const file = await download;
  await dialog.waitFor({ state: 'detached' });
  return readFile(await file.path());
}

describe('substitution test and the register print', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps the register fields, releases the data sheet, runs a substitution test to finished and prints the register', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/');
    const name = `Verdünner ${suffix}`;
    const substance = await createSubstance(page, name);

    // The release needs its checklist done (decision 054; walked in the browser in substance-links.spec):
    // linked and filled through the API here.
    const checklist = await api<{ id: number }>(page, 'POST', 'checklists', {
      label: `SDB-Freigabe ${suffix}`,
      module: 'substances',
    });
    const linked = await api<{ sdsChecklist: { instanceId: number } }>(
      page,
      'PUT',
      `substances/${substance.id}/sds-checklist`,
      { version: substance.version, checklistId: checklist.data.id },
    );
    expect(linked.status).toBe(200);
    const filled = await api(
      page,
      'PUT',
      `checklists/${checklist.data.id}/instances/${linked.data.sdsChecklist.instanceId}`,
      { version: 1, answers: {}, results: {}, status: 'done' },
    );
    expect(filled.status).toBe(200);

    // Register fields and the data-sheet release on the substance (bad input first).
    await page.goto(`/substances/${substance.id}`);
    const register = page.getByTestId('substance-register');
    await register.getByText('Das Sicherheitsdatenblatt ist noch nicht freigegeben.').waitFor();
    await register.getByRole('combobox', { name: 'Mengenbereich' }).click();
    await page.getByRole('option', { name: 'über 10 bis 100 kg bzw. l' }).click();
    await register.getByLabel('Arbeitsbereiche').fill(`Lackiererei ${suffix}`);
    await register.getByRole('button', { name: 'Verzeichnisangaben speichern' }).click();
    await page.getByText('Die Angaben für das Gefahrstoffverzeichnis wurden gespeichert.').waitFor();
    // The editor reloads the substance (new record version) and the panel its entry: the save button turns
    // disabled once the panel shows the stored values, and only then is the release sent at the new version.
    const saveRegister = register.getByRole('button', { name: 'Verzeichnisangaben speichern' });
    await waitUntil(() => saveRegister.isDisabled(), 'the panel shows the saved entry');
    await register.getByRole('button', { name: 'Sicherheitsdatenblatt freigeben' }).click();
    await register.getByText('Bitte wählen Sie eine verantwortliche Person.').waitFor();
    await register.getByText('Bitte geben Sie das Datum der nächsten Prüfung an.').waitFor();
    await register.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    await pickRow(
      page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }),
      'Administrator',
      /Administrator/,
    );
    await register.getByLabel('Nächste Prüfung am').fill('2031-03-15');
    await register.getByRole('button', { name: 'Sicherheitsdatenblatt freigeben' }).click();
    await register.getByText(/nächste Prüfung am 15\.03\.31/).waitFor();

    // A substitution test: finishing it incomplete shows the German messages, then it is finished.
    await page.goto('/substances/list');
    await page.getByRole('link', { name: 'Substitutionsprüfungen' }).click();
    await page.waitForURL(/\/substances\/substitution$/);
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    await page.waitForURL(/\/substances\/substitution\/\d+$/);
    await page.getByText('Die Substitutionsprüfung wurde angelegt.').waitFor();
    await page.getByRole('button', { name: 'Gefahrstoffe wählen' }).click();
    const picker = page.getByRole('dialog', { name: 'Gefahrstoffe für die Substitutionsprüfung wählen' });
    await picker.getByLabel('Name, CAS oder EG-Nummer suchen').fill(name);
    await tickRow(picker, name);
    await picker.getByRole('button', { name: 'Übernehmen' }).click();
    await picker.waitFor({ state: 'hidden' });
    await page.getByTestId('substitution-substances').getByText(name).waitFor();
    await page.getByRole('checkbox', { name: 'Prüfung abgeschlossen' }).check();
    await page.getByRole('button', { name: 'Speichern', exact: true }).last().click();
    await waitUntil(
      async () => (await page.getByText('Zum Abschließen muss dieses Feld ausgefüllt sein.').count()) === 6,
      'six missing fields named',
    );
    await page.getByLabel('Prüfdatum').fill('2026-11-20');
    await page.getByRole('combobox', { name: 'Risikostufe (0–5)' }).click();
    await page.getByRole('option', { name: '3 – mittel' }).click();
    await page.getByRole('combobox', { name: 'Wiederholung' }).click();
    await page.getByRole('option', { name: 'alle 730 Tage' }).click();
    await page.getByRole('radio', { name: 'Neuer Stoff' }).check();
    await page.getByLabel('Begründung').fill('Wasserbasierter Ersatz verfügbar, geringere Gefährdung.');
    await page.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    await pickRow(
      page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }),
      'Administrator',
      /Administrator/,
    );
    await page.getByRole('button', { name: 'Speichern', exact: true }).last().click();
    await page.getByText('Substitutionsprüfung gespeichert.').waitFor();
    await page.getByTestId('substitution-next-due').getByText('Nächste Prüfung fällig am 19.11.28').waitFor();

    // The list shows it finished.
    await page.goto('/substances/substitution');
    await page.getByLabel('Gefahrstoff suchen').fill(name);
    const row = page.locator('[data-row-index][data-loaded="true"]', { hasText: name });
    await row.getByText('Abgeschlossen').waitFor();

    // The register as PDF and XLSX from the substances list.
    await page.goto('/substances/list');
    const pdf = new PDFParse({ data: new Uint8Array(await printRegister(page, 'PDF')) });
    const text = (await pdf.getText()).text.replace(/\s+/g, ' ');
    await pdf.destroy();
    expect(text).toContain('Gefahrstoffverzeichnis');
    expect(text).toContain(name);
    expect(text).toContain(`Lackiererei ${suffix}`);
    expect(text).toContain('H225, H319');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await printRegister(page, 'Excel (XLSX)')) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Bezeichnung',
      'CAS-Nummer',
      'Piktogramme',
      'Signalwort',
      'Gefahrenhinweise',
      'Mengenbereich',
      'Arbeitsbereiche',
    ]);
    const rows = [];
    for (let i = 2; i <= sheet.rowCount; i++) rows.push((sheet.getRow(i).values as unknown[]).slice(1));
    expect(rows).toContainEqual([
      name,
      '',
      'GHS02, GHS07',
      'Gefahr',
      'H225, H319',
      'über 10 bis 100 kg bzw. l',
      `Lackiererei ${suffix}`,
    ]);
    await context.close();
  });
});

import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';
import { pickRow } from './support/pickers.ts';

const suffix = Date.now().toString(36).toUpperCase();
/** A 1 × 1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Decision 061: the new element types, builder settings, backups, export/import, filled on a phone. */
describe('checklists: elements, settings, backups, export and import', () => {
  let browser: Browser;
  let checklistPath = '';
  const name = `Rundgang Halle ${suffix}`;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const addAt = async (page: Page, row: number, type: string, label: string) => {
    await page.getByRole('button', { name: `Element in Zeile ${row}, Spalte 1 einfügen` }).click();
    await page.getByRole('menuitem', { name: type, exact: true }).click();
    const settings = page.getByTestId('element-settings');
    await settings.getByRole('textbox', { name: 'Beschriftung' }).fill(label);
    return settings;
  };

  it('builds a checklist with employee, tree, time recording and task cells, rights and a lock', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/checklists/list');
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Checkliste anlegen' });
    await create.getByLabel('Bezeichnung').fill(name);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/checklists\/\d+$/);
    checklistPath = new URL(page.url()).pathname;
    for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Zeile hinzufügen' }).click();

    await addAt(page, 1, 'Mitarbeiterauswahl', 'Prüfer');
    const tree = await addAt(page, 2, 'Baumauswahl', 'Bereich');
    // a node without a parent is refused with its message
    await tree.getByTestId('tree-input').fill('  Halle 1');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await tree.getByText('ist zu tief eingerückt', { exact: false }).waitFor();
    await tree.getByTestId('tree-input').fill('Werk\n  Halle 1\n  Halle 2\nLager');
    await addAt(page, 3, 'Zeiterfassung', 'Arbeitszeit');
    const task = await addAt(page, 4, 'Maßnahmenverfolgung', 'Mangel');
    await task.getByRole('textbox', { name: 'Bezeichnung der Maßnahme' }).fill('Mangel beheben');
    await addAt(page, 5, 'Bild', 'Foto Mangel');
    // a value read by SQL: an empty query is refused by the server with its code's message
    const sqlCell = await addAt(page, 6, 'Wert aus SQL-Abfrage', 'Anzahl Mitarbeiter');
    await sqlCell.getByTestId('sql-input').fill(' ');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Für die Checkliste ist keine SQL-Abfrage hinterlegt.', { exact: false }).waitFor();
    await sqlCell.getByTestId('sql-input').fill('select count(*) from employees');
    // the administrator locks the task element
    await page.getByRole('button', { name: /^Mangel · Maßnahmenverfolgung, Zeile 4/ }).click();
    await task.getByRole('switch', { name: 'Element gesperrt' }).check();

    // settings: clone maximum, visibility by role (the safety specialists may fill)
    await page.getByRole('spinbutton', { name: 'Höchstzahl an Kopien' }).fill('1');
    await page.getByRole('combobox', { name: 'Art' }).click();
    await page.getByRole('option', { name: 'Rolle' }).click();
    await page.getByRole('combobox', { name: 'Rolle' }).click();
    await page.getByRole('option', { name: 'Sicherheitsfachkraft' }).click();
    await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Sicherheitsfachkraft darf ausfüllen' }).waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Checkliste wurde gespeichert.').waitFor();

    // preview from the toolbar
    await page.getByRole('button', { name: 'Vorschau' }).click();
    const preview = page.getByRole('dialog', { name: 'Vorschau' });
    await preview.getByText(`${name}: 6 Zeilen, 1 Spalten, 6 Elemente`).waitFor();
    await preview.getByRole('cell', { name: 'Mangel · Maßnahmenverfolgung' }).waitFor();
    await preview.getByRole('button', { name: 'Schließen' }).click();

    // a backup of each earlier state: rename, save, restore the state before
    await page.getByRole('textbox', { name: 'Bezeichnung', exact: true }).fill(`${name} (umbenannt)`);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Checkliste wurde gespeichert.').first().waitFor();
    const backups = page.getByRole('table', { name: 'Sicherungen' });
    await backups.getByRole('row').nth(2).waitFor();
    await backups
      .getByRole('button', { name: /wiederherstellen$/ })
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: 'Sicherung wiederherstellen?' });
    await confirm.getByRole('button', { name: 'Wiederherstellen' }).click();
    await page.getByText('Die Sicherung wurde wiederhergestellt.').waitFor();
    await waitUntil(
      async () =>
        (await page.getByRole('textbox', { name: 'Bezeichnung', exact: true }).inputValue()) === name,
      'the restored label',
    );

    // export as a file, then import it (a broken file first) from the list
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportieren' }).click(),
    ]);
    const exported = JSON.parse(await readFile((await download.path()) as string, 'utf8')) as {
      checklist: { label: string; cells: unknown[] };
    };
    expect(exported.checklist.cells).toHaveLength(6);
    await page.goto('/checklists/list');
    await page.getByRole('button', { name: 'Hochladen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkliste importieren' });
    const file = dialog.getByTestId('import-file');
    await file.setInputFiles({
      name: 'kaputt.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{kaputt'),
    });
    await dialog.getByText('Die Datei enthält kein gültiges JSON.', { exact: false }).waitFor();
    const copy = { ...exported, checklist: { ...exported.checklist, label: `Import ${suffix}` } };
    await file.setInputFiles({
      name: 'checkliste.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(copy)),
    });
    await dialog.getByText(`Import ${suffix}: 6 Zeilen, 1 Spalten, 6 Elemente`).waitFor();
    await dialog.getByRole('button', { name: 'Importieren' }).click();
    await page.getByText('Die Checkliste wurde importiert.').waitFor();
    await page.waitForURL(/\/checklists\/\d+$/);
    expect(new URL(page.url()).pathname).not.toBe(checklistPath);
    await waitUntil(
      async () =>
        (await page.getByRole('textbox', { name: 'Bezeichnung', exact: true }).inputValue()) ===
        `Import ${suffix}`,
      'the imported checklist',
    );
    await context.close();
  });

  it('is filled by a safety specialist on a phone: employee picker, tree, time recording and a task', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'sifa', checklistPath);
    await page.getByRole('button', { name: 'Ausfüllen' }).click();
    await page.waitForURL(/\/audits\/checklist\/\d+\?instance=\d+$/);

    await page.getByRole('button', { name: 'Mitarbeiter auswählen' }).first().click();
    await pickRow(
      page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }),
      'Administrator',
      /Administrator/,
    );
    await page.getByRole('combobox', { name: 'Bereich' }).click();
    await page.getByRole('option', { name: 'Halle 2' }).click();
    const timer = page.getByRole('group', { name: 'Arbeitszeit' });
    await timer.getByRole('button', { name: 'Start' }).click();
    await timer.getByText(/läuft seit/).waitFor();
    await timer.getByRole('button', { name: 'Stopp' }).click();
    await timer.getByText(/^von .* Uhr$/).waitFor();
    await page.getByText('Fortschritt: 60 %').waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Antworten wurden gespeichert.').waitFor();

    // the task: without a responsible person the server refuses, then the action is created
    const task = page.getByRole('group', { name: 'Mangel' });
    await task.getByRole('button', { name: 'Maßnahme anlegen' }).click();
    await task.getByText('Bitte wählen Sie eine verantwortliche Person aus.').waitFor();
    await task.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    await pickRow(
      page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }),
      'Administrator',
      /Administrator/,
    );
    await task.getByRole('button', { name: 'Maßnahme anlegen' }).click();
    await task.getByText('Maßnahme „Mangel beheben“').waitFor();
    await task.getByText('offen').waitFor();
    await page.getByText('Fortschritt: 80 %').waitFor();

    // a photo (from the camera on a phone): a text file is refused, a picture is attached and shown
    const photo = page.getByRole('group', { name: 'Foto Mangel' });
    const input = photo.getByTestId('image-file');
    await input.setInputFiles({
      name: 'notiz.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('kein Bild'),
    });
    await photo.getByText('Bitte wählen Sie eine Bilddatei', { exact: false }).waitFor();
    await input.setInputFiles({
      name: 'mangel.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG, 'base64'),
    });
    await photo.getByRole('img', { name: 'Bild zu „Foto Mangel“' }).waitFor();
    await page.getByText('Fortschritt: 100 %').waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    // the first save's notice may still show: wait until this save is stored (nothing left to save), so
    // the SQL read below sends the stored version
    await waitUntil(
      async () => page.getByRole('button', { name: 'Speichern' }).isDisabled(),
      'the second save stored',
    );

    // the SQL cell reads its value on the server
    const count = page.getByRole('group', { name: 'Anzahl Mitarbeiter' });
    await count.getByText('noch nicht abgefragt').waitFor();
    await count.getByRole('button', { name: 'Wert abfragen' }).click();
    await waitUntil(
      async () => /^\d+$/.test(((await count.locator('output').textContent()) ?? '').replace(/\./g, '')),
      'SQL value',
    );

    // after a reload the picked employee shows by name, the tree choice and the action stay
    await page.reload();
    await waitUntil(
      async () =>
        (await page.getByRole('textbox', { name: 'Prüfer' }).inputValue()).includes('Administrator'),
      'the picked employee by name',
    );
    await page.getByRole('combobox', { name: 'Bereich' }).getByText('Werk › Halle 2').waitFor();
    await page.getByRole('group', { name: 'Mangel' }).getByText('Maßnahme „Mangel beheben“').waitFor();
    await page.getByRole('img', { name: 'Bild zu „Foto Mangel“' }).waitFor();
    await context.close();
  });
});

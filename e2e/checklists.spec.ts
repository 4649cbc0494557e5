import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawer, launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36).toUpperCase();

describe('checklists: builder, formulas and filling', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('builds a checklist with two number cells and a total, refuses a bad formula, fills it and sees the total', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/');
    await drawer(page).getByRole('link', { name: 'Checklisten', exact: true }).click();
    await page.waitForURL(/\/checklists\/list$/);

    // Create: the label is required.
    const name = `Prüfliste Mengen ${suffix}`;
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Checkliste anlegen' });
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await create.getByText('Bitte geben Sie eine Bezeichnung an.').waitFor();
    await create.getByLabel('Bezeichnung').fill(name);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/checklists\/\d+$/);
    await page.getByText('Die Checkliste wurde angelegt.').waitFor();

    // The grid: three rows, one column; two numbers and a total.
    await page.getByRole('button', { name: 'Zeile hinzufügen' }).click();
    await page.getByRole('button', { name: 'Zeile hinzufügen' }).click();
    const addAt = async (row: number, type: string, label: string) => {
      await page.getByRole('button', { name: `Element in Zeile ${row}, Spalte 1 einfügen` }).click();
      await page.getByRole('menuitem', { name: type }).click();
      const settings = page.getByTestId('element-settings');
      await settings.getByRole('textbox', { name: 'Beschriftung' }).fill(label);
      return settings;
    };
    await addAt(1, 'Zahl', 'Menge A');
    await addAt(2, 'Zahl', 'Menge B');
    const total = await addAt(3, 'Gesamtbetrag (Formel)', 'Summe');
    const formula = total.getByTestId('formula-input');

    // Live validation: syntax, unknown variable, a hostile expression — each with its German message.
    await formula.fill('@cell_1_1@ +');
    await total.getByText('Die Formel ist fehlerhaft.', { exact: false }).waitFor();
    await formula.fill('@cell_1_1@ + @gibtsnicht@');
    await total.getByText('Die Formel verwendet eine unbekannte Variable', { exact: false }).waitFor();
    await formula.fill("constructor.constructor('return process')()");
    await total.getByText('Die Formel enthält einen nicht erlaubten Ausdruck.', { exact: false }).waitFor();
    // Saving with the bad formula is refused before anything is sent.
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Bitte prüfen Sie die markierten Eingaben.').waitFor();

    await formula.fill('@cell_1_1@ + @cell_2_1@');
    await total.getByText('Variablen wie @menge@', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Checkliste wurde gespeichert.').waitFor();

    // Fill it: the total follows the answers at once (decimal comma), bad input shows a message.
    await page.getByRole('button', { name: 'Ausfüllen' }).click();
    await page.waitForURL(/\/audits\/checklist\/\d+\?instance=\d+$/);
    const a = page.getByRole('textbox', { name: 'Menge A' });
    const b = page.getByRole('textbox', { name: 'Menge B' });
    const result = page.getByTestId('cell-3_1');
    await result.getByText('0,00').waitFor();
    await a.fill('1,5');
    await b.fill('abc');
    await page.getByText('Bitte geben Sie eine Zahl ein (z. B. 3,5).').waitFor();
    await result.getByText('kein Ergebnis').waitFor();
    await b.fill('2');
    await result.getByText('3,50').waitFor();
    await page.getByText('Fortschritt: 100 %').waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Antworten wurden gespeichert.').waitFor();

    // Stored: after a reload the answers and the total are there.
    await page.reload();
    await page.getByTestId('cell-3_1').getByText('3,50').waitFor();
    await waitUntil(
      async () => (await page.getByRole('textbox', { name: 'Menge A' }).inputValue()) === '1,5',
      'answer kept',
    );
    expect(await page.getByRole('textbox', { name: 'Menge B' }).inputValue()).toBe('2');
    const fillUrl = page.url();
    await context.close();

    // On a phone (390 px) the viewer fills the same checklist; the total follows the new answer.
    const phone = await newPage(browser, { phone: true });
    await signIn(phone.page, 'admin', new URL(fillUrl).pathname + new URL(fillUrl).search);
    const phoneA = phone.page.getByRole('textbox', { name: 'Menge A' });
    await waitUntil(async () => (await phoneA.inputValue()) === '1,5', 'answers loaded on the phone');
    await phoneA.fill('10');
    await phone.page.getByTestId('cell-3_1').getByText('12,00').waitFor();
    await phone.context.close();

    // A filled checklist cannot be deleted: the dialog says why.
    const desk = await newPage(browser);
    const checklistId = /\/audits\/checklist\/(\d+)/.exec(fillUrl)?.[1];
    await signIn(desk.page, 'admin', `/checklists/${checklistId}`);
    await desk.page.getByRole('link', { name: /Ausfüllung Nr\. \d+ – 100 % – offen/ }).waitFor();
    await desk.page.getByRole('button', { name: 'Checkliste löschen' }).click();
    const confirm = desk.page.getByRole('dialog', { name: 'Checkliste löschen?' });
    await confirm.getByRole('button', { name: 'Checkliste löschen' }).click();
    await confirm
      .getByText('Die Checkliste kann nicht gelöscht werden, weil sie bereits ausgefüllt wurde.', {
        exact: false,
      })
      .waitFor();
    await desk.context.close();
  });
});

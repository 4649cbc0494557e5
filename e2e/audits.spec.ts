import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api.ts';
import { drawer, launchBrowser, newPage, signIn } from './support/browser.ts';
import { chooseRow, tickRow } from './support/pickers.ts';

const suffix = Date.now().toString(36).toUpperCase();

/** A checklist with a mandatory checkbox and a number (via the API, as the builder saves it). */
async function createChecklist(page: Page, label: string, requiredProgress: number): Promise<number> {
  const created = await api<{ id: number; version: number }>(page, 'POST', 'checklists', { label });
  const saved = await api(page, 'PUT', `checklists/${created.data.id}`, {
    version: created.data.version,
    label,
    category: 'Begehung',
    module: 'audits',
    active: true,
    requiredProgress,
    cloneMaximum: 0,
    rows: [
      { key: 1, label: 'Fluchtwege' },
      { key: 2, label: 'Lärm' },
    ],
    columns: [{ key: 1, label: '' }],
    cells: [
      {
        row: 1,
        column: 1,
        element: { type: 'checkbox', label: 'Notausgang frei', required: true, variable: null },
      },
      {
        row: 2,
        column: 1,
        element: {
          type: 'number',
          label: 'Lärmpegel',
          required: false,
          kind: 'float',
          min: 0,
          max: 200,
          variable: null,
        },
      },
    ],
    variables: [],
    rights: [],
    locked: false,
  });
  expect(saved.status).toBe(200);
  return created.data.id;
}

async function pickPerson(page: Page, scope: ReturnType<Page['getByRole']>, field: string, number: string) {
  await scope.getByRole('textbox', { name: field }).click();
  const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
  await picker.getByLabel('Suchen').fill(number);
  await chooseRow(picker, picker.getByRole('grid').getByText(number));
}

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text.replace(/\s+/g, ' ');
}

describe('approval processes (Freigabevorgänge)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates an audit with people and checklists, fills them in order (one protected), records a finding, finishes and prints it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/');
    const first = `Begehung Fluchtwege ${suffix}`;
    const second = `Begehung Lärm ${suffix}`;
    const firstId = await createChecklist(page, first, 100);
    const secondId = await createChecklist(page, second, 0);
    expect((await api(page, 'PUT', `checklists/${secondId}/password`, { password: 'Halle3!' })).status).toBe(
      200,
    );

    await drawer(page).getByRole('link', { name: 'Freigabevorgänge', exact: true }).click();
    await page.waitForURL(/\/audits\/list$/);
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Freigabevorgang anlegen' });
    // Bad input: nothing filled in.
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await dialog.getByText('Bitte geben Sie einen Titel an.').waitFor();
    await dialog.getByText('Bitte wählen Sie mindestens eine Checkliste aus.').waitFor();

    const title = `Begehung Halle 3 ${suffix}`;
    await dialog.getByRole('textbox', { name: 'Titel' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Beschreibung' }).fill('Jährliche Sicherheitsbegehung');
    await pickPerson(page, dialog, 'Verantwortlich', '000101');
    await pickPerson(page, dialog, 'Durchführend', '000102');
    await dialog.getByRole('button', { name: 'Teilnehmer hinzufügen' }).click();
    const multi = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await multi.getByLabel('Suchen').fill('000103');
    await tickRow(multi, '000103');
    await multi.getByRole('button', { name: 'Übernehmen' }).click();
    await multi.waitFor({ state: 'hidden' });
    const checklists = dialog.getByRole('combobox', { name: 'Checklisten' });
    for (const label of [first, second]) {
      await checklists.fill(label);
      await page.getByRole('option', { name: label }).click();
    }
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/audits\/\d+$/);
    await page.getByText('Der Freigabevorgang wurde angelegt.', { exact: false }).waitFor();
    const auditId = Number(/\/audits\/(\d+)$/.exec(page.url())?.[1]);
    await page.getByTestId('audit-status').getByText('Geplant').waitFor();

    await page.getByRole('button', { name: 'Starten' }).click();
    await page.getByTestId('audit-status').getByText('In Bearbeitung').waitFor();
    // The second checklist waits for the first's required progress.
    await page.getByText('gesperrt, bis die vorherige Checkliste ihren Fortschritt erreicht hat').waitFor();
    expect(await page.getByRole('link', { name: `Ausfüllen: ${second}` }).count()).toBe(0);
    // Finishing with undone checklists is refused with the reason.
    await page.getByRole('button', { name: 'Abschließen' }).click();
    await page
      .getByText(
        'Der Freigabevorgang kann nicht abgeschlossen werden, solange nicht alle Checklisten abgeschlossen sind.',
      )
      .waitFor();

    // Fill the first checklist.
    await page.getByRole('link', { name: `Ausfüllen: ${first}` }).click();
    await page.waitForURL(new RegExp(`/audits/checklist/${firstId}\\?instance=\\d+&audit=${auditId}$`));
    await page.getByRole('checkbox', { name: /Notausgang frei/ }).check();
    await page.getByRole('textbox', { name: 'Lärmpegel' }).fill('85');
    await page.getByLabel('Abgeschlossen').check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Antworten wurden gespeichert.').waitFor();

    // The second is unlocked now and asks for its password; a wrong one is refused.
    await page.goto(`/audits/${auditId}`);
    await page.getByRole('link', { name: `Ausfüllen: ${second}` }).click();
    await page.getByText(`Die Checkliste „${second}“ ist passwortgeschützt.`, { exact: false }).waitFor();
    await page.getByLabel('Passwort der Checkliste').fill('falsch');
    await page.getByRole('button', { name: 'Entsperren' }).click();
    await page
      .getByText('Das Passwort der Checkliste ist ungültig. Bitte geben Sie es erneut ein.')
      .waitFor();
    await page.getByLabel('Passwort der Checkliste').fill('Halle3!');
    await page.getByRole('button', { name: 'Entsperren' }).click();
    await page.getByRole('checkbox', { name: /Notausgang frei/ }).check();
    await page.getByLabel('Abgeschlossen').check();
    await page.getByLabel('Für Beteiligte sichtbar').click();
    await page.getByText('Die Sichtbarkeit wurde gespeichert.').waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Antworten wurden gespeichert.').waitFor();

    // A finding becomes an action in the shared task list.
    await page.goto(`/audits/${auditId}`);
    const findings = page.getByRole('region', { name: 'Feststellungen und Maßnahmen' });
    await findings.getByRole('button', { name: 'Feststellung erfassen' }).click();
    await findings.getByText('Bitte geben Sie eine Bezeichnung an.').waitFor();
    await findings.getByRole('textbox', { name: 'Feststellung' }).fill('Fluchtweg markieren');
    await pickPerson(page, findings, 'Verantwortlich für die Maßnahme', '000102');
    await findings.getByRole('button', { name: 'Feststellung erfassen' }).click();
    await page.getByText('Die Feststellung wurde als Maßnahme erfasst.').waitFor();
    await findings.getByText(/Fluchtweg markieren – Wagner/).waitFor();

    await page.getByRole('button', { name: 'Abschließen' }).click();
    await page.getByTestId('audit-status').getByText('Abgeschlossen').waitFor();
    await page.getByRole('link', { name: 'Druckvorschau' }).click();
    await page.waitForURL(new RegExp(`/checklists/print/preview/${auditId}$`));
    await page.getByRole('article').getByText(title).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF herunterladen' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Freigabevorgang_${title}.pdf`);
    const text = await pdfText(await file.path());
    expect(text).toContain(`Freigabevorgang: ${title}`);
    expect(text).toContain('Status: Abgeschlossen');
    expect(text).toContain('Notausgang frei: ja');
    expect(text).toContain('Lärmpegel: 85');
    expect(text).toContain('Fluchtweg markieren');
    await context.close();
  });
});

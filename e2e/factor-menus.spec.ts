import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawer, gridTotal, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36).toUpperCase();

describe('factor menus', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('copies the read-only standard menu, edits it (register without factor refused), activates, exports, re-imports (duplicate and empty file refused), deactivates and deletes', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await drawer(page).getByRole('link', { name: 'Faktorenmenüs', exact: true }).click();
    await page.waitForURL(/\/hazardanalysis\/factormenus$/);
    expect(await gridTotal(page, 'Faktorenmenüs')).toBeGreaterThanOrEqual(1);

    // The standard menu is read-only and offers 'Kopieren'.
    await page.getByLabel('Suchen').fill('Standardmenü');
    await listRows(page, 'Faktorenmenüs').getByText('Standardmenü (GDA-Leitlinie)').click();
    await page.waitForURL(/\/hazardanalysis\/factormenus\/\d+$/);
    await page
      .getByText('Das Standardmenü (GDA-Leitlinie) kann nicht geändert werden.', { exact: false })
      .waitFor();
    const first = page.getByRole('group', { name: 'Register 1', exact: true });
    expect(await first.getByRole('textbox', { name: 'Register', exact: true }).inputValue()).toBe(
      'Mechanische Gefährdungen',
    );
    expect(await first.getByRole('textbox', { name: 'Register', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Kopieren' }).click();
    await page.getByText('wurde angelegt.', { exact: false }).waitFor();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await waitUntil(async () => (await name.inputValue()).startsWith('Kopie'), 'the copy is open');
    const url = page.url();
    expect(await page.getByRole('group', { name: 'Register 11', exact: true }).count()).toBe(1);

    // Rename and add a register; without a factor it is refused with the German message.
    const menuName = `Lager ${suffix}`;
    await name.fill(menuName);
    await page.getByRole('button', { name: 'Register hinzufügen' }).click();
    const added = page.getByRole('group', { name: 'Register 12', exact: true });
    await added.getByRole('textbox', { name: 'Nr.' }).first().fill('12');
    await added
      .getByRole('textbox', { name: 'Register', exact: true })
      .fill('Betriebsspezifische Gefährdungen');
    await added.getByRole('button', { name: 'Faktor entfernen' }).click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await added.getByText('Jedes Register braucht mindestens einen Faktor.').waitFor();

    await added.getByRole('button', { name: 'Faktor hinzufügen' }).click();
    await added.getByRole('textbox', { name: 'Faktor', exact: true }).fill('Gabelstaplerverkehr im Lager');
    await added.getByRole('textbox', { name: 'Rechtsgrundlage' }).fill('BetrSichV; DGUV Vorschrift 68');
    await added.getByRole('textbox', { name: 'Quelle' }).fill('Betriebsanweisung Lager');
    await added.getByRole('checkbox', { name: 'Mehrere Faktoren wählbar' }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Das Faktorenmenü wurde gespeichert.').waitFor();

    // Activate, then export the file.
    await page.getByRole('button', { name: 'Aktivieren' }).click();
    await page.getByText('Das Faktorenmenü wurde aktiviert.').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportieren' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Faktorenmenü ${menuName}.json`);
    const file = await download.path();
    const content = fs.readFileSync(file, 'utf8');
    const exported = JSON.parse(content);
    expect(exported.menu.name).toBe(menuName);
    expect(exported.menu.registers.at(-1).factors[0]).toEqual({
      number: '',
      title: 'Gabelstaplerverkehr im Lager',
      legalBasis: 'BetrSichV; DGUV Vorschrift 68',
      source: 'Betriebsanweisung Lager',
    });

    // Importing the same menu again is refused with the German message.
    await page.getByRole('button', { name: 'Zurück', exact: true }).click();
    await page.waitForURL(/\/hazardanalysis\/factormenus$/);
    await page
      .getByTestId('factor-menu-import-input')
      .setInputFiles({ name: 'menu.json', mimeType: 'application/json', buffer: Buffer.from(content) });
    await page
      .getByText('Ein Faktorenmenü mit diesem Namen ist bereits vorhanden.', { exact: false })
      .waitFor();
    await page
      .getByTestId('factor-menu-import-input')
      .setInputFiles({ name: 'leer.json', mimeType: 'application/json', buffer: Buffer.from('') });
    await page.getByText('Die Datei enthält keine Daten.', { exact: false }).waitFor();

    // Deactivate and delete.
    await page.getByLabel('Suchen').fill(menuName);
    await listRows(page, 'Faktorenmenüs').getByText(menuName).click();
    await page.waitForURL(url);
    await page.getByRole('button', { name: 'Deaktivieren' }).click();
    await page.getByText('Das Faktorenmenü wurde deaktiviert.').waitFor();
    await page.getByRole('button', { name: 'Löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Faktorenmenü löschen?' });
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await page.waitForURL(/\/hazardanalysis\/factormenus$/);
    await page.getByText('Das Faktorenmenü wurde gelöscht.').waitFor();
    await page.getByLabel('Suchen').fill(menuName);
    await waitUntil(async () => (await gridTotal(page, 'Faktorenmenüs')) === 0, 'menu is gone');
    await context.close();
  });

  it('creates a menu from scratch and keeps the form on a stale save', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.goto('/hazardanalysis/factormenus');
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    await page.waitForURL(/\/hazardanalysis\/factormenus\/new$/);
    const menuName = `Büro ${suffix}`;
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(menuName);
    const added = page.getByRole('group', { name: 'Register 1', exact: true });
    await added.getByRole('textbox', { name: 'Nr.' }).first().fill('1');
    await added.getByRole('textbox', { name: 'Register', exact: true }).fill('Bildschirmarbeit');
    await added
      .getByRole('textbox', { name: 'Faktor', exact: true })
      .fill('Blendung am Bildschirmarbeitsplatz');
    await added.getByRole('textbox', { name: 'Rechtsgrundlage' }).fill('ArbStättV Anhang 6; ASR A3.4');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Das Faktorenmenü wurde angelegt.').waitFor();
    await page.waitForURL(/\/hazardanalysis\/factormenus\/\d+$/);
    const url = page.url();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await waitUntil(async () => (await name.inputValue()) === menuName, 'the new menu is open');

    // Someone else saves meanwhile: this form keeps what was typed and offers the latest state.
    const other = await newPage(browser);
    await signIn(other.page, 'admin');
    await other.page.goto(url);
    const otherName = other.page.getByRole('textbox', { name: 'Name', exact: true });
    await waitUntil(async () => (await otherName.inputValue()) === menuName, 'second page loaded');
    await other.page
      .getByRole('textbox', { name: 'Beschreibung' })
      .fill('Gefährdungsfaktoren für Büroarbeitsplätze');
    await other.page.getByRole('button', { name: 'Speichern' }).click();
    await other.page.getByText('Das Faktorenmenü wurde gespeichert.').waitFor();
    await other.context.close();

    const factorTitle = added.getByRole('textbox', { name: 'Faktor', exact: true });
    await factorTitle.fill('Blendung und Spiegelungen am Bildschirm');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('inzwischen von jemand anderem geändert', { exact: false }).waitFor();
    expect(await factorTitle.inputValue()).toBe('Blendung und Spiegelungen am Bildschirm');
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await page.getByRole('button', { name: 'Neu laden' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Das Faktorenmenü wurde gespeichert.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Beschreibung' }).inputValue()).toBe(
      'Gefährdungsfaktoren für Büroarbeitsplätze',
    );
    expect(await factorTitle.inputValue()).toBe('Blendung und Spiegelungen am Bildschirm');

    await context.close();
  });
});

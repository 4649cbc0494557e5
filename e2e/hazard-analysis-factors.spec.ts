import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawer, launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';
import { pickBricks } from './support/pickers.ts';

const suffix = Date.now().toString(36).toUpperCase();
const MECHANICAL = '1 Mechanische Gefährdungen › 1.1 Ungeschützt bewegte Maschinenteile';
const ELECTRICAL = '2 Elektrische Gefährdungen › 2.1 Elektrischer Schlag';
// „3 Gefahrstoffe“ allows several factors in the standard menu ('Mehrere Faktoren wählbar').
const SKIN = '3 Gefahrstoffe › 3.1 Hautkontakt mit Gefahrstoffen (Feststoffe, Flüssigkeiten, Feuchtarbeit)';
const INHALE = '3 Gefahrstoffe › 3.2 Einatmen von Gefahrstoffen (Gase, Dämpfe, Nebel, Stäube, Rauche)';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Searches a picker dialog and clicks the row showing `text`. */
async function pick(dialog: Locator, search: string, text: string | RegExp = search) {
  await dialog.getByLabel('Suchen').fill(search);
  await dialog
    .getByRole('grid')
    .getByText(text, typeof text === 'string' ? { exact: true } : {})
    .first()
    .click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Opens the factor dropdown of the hazard dialog, opens the register and clicks the factors in turn (a
 * checkbox in a register with 'Mehrere Faktoren wählbar', else a radio choice); Escape closes the dropdown.
 */
async function chooseFactors(page: Page, dialog: Locator, register: string, factors: string[]) {
  await dialog.getByTestId('factor-field').click();
  const menu = page.getByRole('menu', { name: 'Gefährdungsfaktoren' });
  const heading = menu.getByRole('menuitem', { name: new RegExp(`^${escapeRegExp(register)}`) });
  // The standard menu's registers are collapsed: the heading opens them.
  if ((await heading.getAttribute('aria-expanded')) !== 'true') await heading.click();
  for (const factor of factors) {
    const option = factorOption(menu, factor);
    await option.click();
    await waitUntil(async () => (await option.getAttribute('aria-checked')) === 'true', `${factor} chosen`);
  }
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
}

/** A factor of the open dropdown: a checkbox or radio item named by its label. */
const factorOption = (menu: Locator, factor: string) =>
  menu
    .locator('[role="menuitemcheckbox"], [role="menuitemradio"]')
    .filter({ hasText: new RegExp(`^${escapeRegExp(factor)}`) });

/** Clicks the toolbar's 'Speichern'; `expectSaved` waits until the form is clean again. */
async function saveHeader(page: Page, expectSaved = true) {
  const save = page.getByRole('button', { name: 'Speichern', exact: true });
  await save.click();
  if (expectSaved) await waitUntil(() => save.isDisabled(), 'header saved');
}

const hazardDialog = (page: Page) => page.getByRole('dialog', { name: /Gefährdung bearbeiten/ });
const factorInput = (dialog: Locator) => dialog.getByTestId('factor-field').getByRole('textbox');

describe('hazard assessment factors', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('picks the factor menu and hazard factors; a stale save keeps the input and reloads the newer state', async () => {
    const a = await newPage(browser);
    const page = a.page;
    await signIn(page, 'admin');

    // An own assessment with two hazards, so demo data stays untouched.
    await drawer(page).getByRole('link', { name: 'Gefährdungsbeurteilungsmodul', exact: true }).click();
    await page.waitForURL(/\/hazardanalysis\/list$/);
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Neue Gefährdungsbeurteilung anlegen' });
    await create.getByLabel('Bezeichnung').fill(`Faktoren Abfüllung ${suffix}`);
    await create.getByRole('textbox', { name: /^Ort/ }).click();
    await pick(page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }), 'Tanklager', /Tanklager Nord/);
    await create.getByTestId('bricks-field').click();
    await pickBricks(page, ['M-01', 'E-01']);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/hazardanalysis\/\d+$/);
    const editorUrl = page.url();
    await page.getByTestId('hazard-row-1').waitFor();

    // Without a menu the factor cannot be chosen yet.
    await page.getByTestId('hazard-row-0').getByRole('button', { name: 'Gefährdung bearbeiten' }).click();
    let dialog = hazardDialog(page);
    await dialog.getByText('Wählen und speichern Sie zuerst in den Kopfdaten ein Faktorenmenü.').waitFor();
    expect(await factorInput(dialog).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The header's factor menu: the picker offers the active menus, the GDA standard menu among them.
    await page.getByTestId('factor-menu-field').click();
    await pick(
      page.getByRole('dialog', { name: 'Faktorenmenü wählen' }),
      'Standardmenü',
      /Standardmenü \(GDA-Leitlinie\)/,
    );
    expect(await page.getByTestId('factor-menu-field').getByRole('textbox').inputValue()).toBe(
      'Standardmenü (GDA-Leitlinie)',
    );
    await saveHeader(page);
    await page.getByText('Gespeichert.').waitFor();

    // A factor for the first hazard; saving without a responsible person is refused in German.
    await page.getByTestId('hazard-row-0').getByRole('button', { name: 'Gefährdung bearbeiten' }).click();
    dialog = hazardDialog(page);
    // One register without 'multiple': a second choice there replaces the first (radio).
    await chooseFactors(page, dialog, '1 Mechanische Gefährdungen', [
      '1.2 Teile mit gefährlichen Oberflächen',
      '1.1 Ungeschützt bewegte Maschinenteile',
    ]);
    expect(await factorInput(dialog).inputValue()).toBe(MECHANICAL);
    // „3 Gefahrstoffe“ allows several: two checkboxes, both stay chosen.
    await chooseFactors(page, dialog, '3 Gefahrstoffe', ['3.1 Hautkontakt', '3.2 Einatmen']);
    const three = `${MECHANICAL}; ${SKIN}; ${INHALE}`;
    expect(await factorInput(dialog).inputValue()).toBe(three);
    const chips = dialog.getByTestId('factor-chips');
    expect(await chips.locator('.MuiChip-root').allTextContents()).toEqual([MECHANICAL, SKIN, INHALE]);
    // A chip removes its factor; choosing it again puts it back in menu order.
    await chips.locator('.MuiChip-root', { hasText: SKIN }).locator('.MuiChip-deleteIcon').click();
    expect(await factorInput(dialog).inputValue()).toBe(`${MECHANICAL}; ${INHALE}`);
    await chooseFactors(page, dialog, '3 Gefahrstoffe', ['3.1 Hautkontakt']);
    expect(await factorInput(dialog).inputValue()).toBe(three);
    await dialog.getByRole('button', { name: 'Auswahl entfernen' }).click();
    await dialog.getByRole('button', { name: 'Übernehmen', exact: true }).click();
    await dialog.getByText('Für eine Gefährdung ist eine verantwortliche Person erforderlich.').waitFor();
    expect(await factorInput(dialog).inputValue()).toBe(three);
    await dialog.getByRole('textbox', { name: /^Verantwortliche Person/ }).click();
    await pick(page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }), 'Hoffmann Katrin', /Hoffmann/);
    await dialog.getByRole('button', { name: 'Übernehmen', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const cell = page.getByTestId('hazard-row-0').getByTestId('hazard-factor');
    await cell.getByText(INHALE).waitFor();
    expect(await cell.locator('span').allTextContents()).toEqual([MECHANICAL, SKIN, INHALE]);

    // Conflict: a second session opens the second hazard on the same state …
    const b = await newPage(browser);
    await signIn(b.page, 'admin');
    await b.page.goto(editorUrl);
    await b.page.getByTestId('hazard-row-1').getByRole('button', { name: 'Gefährdung bearbeiten' }).click();
    const dialogB = hazardDialog(b.page);
    await dialogB.getByLabel('Kommentar').waitFor();

    // … the first session saves a factor for it …
    await page.getByTestId('hazard-row-1').getByRole('button', { name: 'Gefährdung bearbeiten' }).click();
    dialog = hazardDialog(page);
    await chooseFactors(page, dialog, '2 Elektrische Gefährdungen', ['2.1 Elektrischer Schlag']);
    await dialog.getByRole('button', { name: 'Übernehmen', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('hazard-row-1').getByTestId('hazard-factor').getByText(ELECTRICAL).waitFor();

    // … and the second saves a comment on the stale state: the German conflict message, the comment stays.
    await dialogB.getByLabel('Kommentar').fill(`Verteilerkasten prüfen ${suffix}`);
    await dialogB.getByRole('button', { name: 'Übernehmen', exact: true }).click();
    const conflict = dialogB.getByTestId('conflict-alert');
    await conflict
      .getByText('Die Gefährdungsbeurteilung wurde inzwischen geändert.', { exact: false })
      .waitFor();
    expect(await dialogB.getByLabel('Kommentar').inputValue()).toBe(`Verteilerkasten prüfen ${suffix}`);
    expect(await factorInput(dialogB).inputValue()).toBe('');
    // 'Neu laden' shows the newer factor and keeps the typed comment; saving now succeeds.
    await conflict.getByRole('button', { name: 'Neu laden' }).click();
    await conflict.waitFor({ state: 'hidden' });
    await waitUntil(
      async () => (await factorInput(dialogB).inputValue()) === ELECTRICAL,
      'newer factor shown',
    );
    expect(await dialogB.getByLabel('Kommentar').inputValue()).toBe(`Verteilerkasten prüfen ${suffix}`);
    await dialogB.getByRole('button', { name: 'Übernehmen', exact: true }).click();
    await dialogB.waitFor({ state: 'hidden' });
    await b.page.getByTestId('hazard-row-1').getByTestId('hazard-factor').getByText(ELECTRICAL).waitFor();

    // The header conflicts the same way: the second session renames, the first (stale) changes 'Anhänge'.
    const renamed = `Faktoren Abfüllung (geprüft) ${suffix}`;
    await b.page.getByLabel('Bezeichnung').fill(renamed);
    await saveHeader(b.page);
    await b.context.close();
    await page.getByRole('combobox', { name: 'Anhänge' }).click();
    await page.getByRole('option', { name: 'Betriebsanweisungen', exact: true }).click();
    await saveHeader(page, false);
    const headerConflict = page.getByTestId('conflict-alert');
    await headerConflict.waitFor();
    await headerConflict.getByRole('button', { name: 'Neu laden' }).click();
    await headerConflict.waitFor({ state: 'hidden' });
    await waitUntil(
      async () => (await page.getByLabel('Bezeichnung').inputValue()) === renamed,
      'newer name shown',
    );
    expect(await page.getByRole('combobox', { name: 'Anhänge' }).textContent()).toBe('Betriebsanweisungen');
    await saveHeader(page);
    await page.getByTestId('hazard-row-1').getByTestId('hazard-factor').getByText(ELECTRICAL).waitFor();

    // Removing the menu clears the hazards' factors: the German message asks first.
    await page.getByTestId('factor-menu-field').getByRole('button', { name: 'Leeren' }).click();
    await saveHeader(page, false);
    const change = page.getByRole('dialog', { name: 'Faktorenmenü wechseln?' });
    await change
      .getByText('2 Gefährdungen haben Faktoren aus dem bisherigen Faktorenmenü.', { exact: false })
      .waitFor();
    await change.getByRole('button', { name: 'Wechseln und speichern' }).click();
    await change.waitFor({ state: 'hidden' });
    await waitUntil(
      async () => (await page.getByTestId('hazard-factor').allTextContents()).every((text) => text === ''),
      'factors cleared',
    );

    // Clean up: the assessment is deleted (it was never released), so the standard menu is unused again.
    await page.getByRole('button', { name: 'Löschen', exact: true }).click();
    const del = page.getByRole('dialog', { name: 'Gefährdungsbeurteilung löschen' });
    await del.getByRole('button', { name: 'Löschen' }).click();
    await page.waitForURL(/\/hazardanalysis\/list$/);
    await a.context.close();
  });
});

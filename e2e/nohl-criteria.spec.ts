import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawer, launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';

const SAVED = 'Die Einstufungskriterien wurden gespeichert.';
const cell = (page: Page, label: string) => page.getByRole('radio', { name: label, exact: true });

/** Puts the default criteria back (other specs share the demo database). */
async function restoreDefaults(page: Page) {
  const defaults = page.getByRole('button', { name: 'Standardwerte übernehmen' });
  await defaults.waitFor();
  if (await defaults.isDisabled()) return;
  await defaults.click();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByText(SAVED).first().waitFor();
}

describe('NOHL classification criteria (Einstufungskriterien)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    // Should the test have stopped half-way, the criteria still return to the defaults.
    try {
      const { context, page } = await newPage(browser);
      await signIn(page, 'sifa');
      await page.goto('/hazardanalysis/status');
      await restoreDefaults(page);
      await context.close();
    } finally {
      await browser?.close();
    }
  });

  it('edits cell scores and start values with a live preview, refuses bad start values, keeps the form on a stale save, logs the changes', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'sifa');
    await drawer(page).getByRole('link', { name: 'Einstufungskriterien bearbeiten' }).click();
    await page.waitForURL(/\/hazardanalysis\/status$/);
    await restoreDefaults(page);

    // The grid: hoch at the top, each cell with score and band name.
    const matrix = page.getByRole('radiogroup', { name: 'Risikowerte der Matrixfelder' });
    await matrix.waitFor();
    expect(await matrix.getByRole('radio').count()).toBe(16);
    await cell(page, 'Wahrscheinlichkeit hoch, schwere Verletzung: Risiko 6 (hohes Risiko)').waitFor();
    await cell(
      page,
      'Wahrscheinlichkeit sehr gering, leichte Verletzung: Risiko 1 (geringes Risiko)',
    ).waitFor();
    await page.getByText('hohes Risiko (5–7)').waitFor();

    // Bad start values: the shared schema's German message, and nothing is saved.
    const yellow = page.getByRole('spinbutton', { name: 'Gelb ab Risikowert' });
    const red = page.getByRole('spinbutton', { name: 'Rot ab Risikowert' });
    await yellow.fill('5');
    await red.fill('4');
    await page.getByText('Der Startwert für Rot muss größer als der Startwert für Gelb sein.').waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Der Startwert für Rot muss größer als der Startwert für Gelb sein.').waitFor();
    expect(await page.getByText(SAVED).count()).toBe(0);

    // Valid start values: the legend and the cells follow at once.
    await yellow.fill('3');
    await red.fill('6');
    await page.getByText('hohes Risiko (6–7)').waitFor();
    await page.getByText('signifikantes Risiko (3–5)').waitFor();
    await cell(
      page,
      'Wahrscheinlichkeit hoch, mittelschwere Verletzung: Risiko 5 (signifikantes Risiko)',
    ).waitFor();

    // A cell's score: click the cell, choose the score.
    await cell(page, 'Wahrscheinlichkeit hoch, schwere Verletzung: Risiko 6 (hohes Risiko)').click();
    const scores = page.getByRole('group', {
      name: 'Risikowert für Wahrscheinlichkeit hoch, schwere Verletzung',
    });
    await scores.getByRole('button', { name: 'Risikowert 7', exact: true }).click();
    const edited = cell(page, 'Wahrscheinlichkeit hoch, schwere Verletzung: Risiko 7 (hohes Risiko)');
    await edited.waitFor();
    expect(await edited.getAttribute('aria-checked')).toBe('true');

    // Keyboard: arrows move between cells, Space selects.
    await edited.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page
      .getByRole('group', { name: 'Risikowert für Wahrscheinlichkeit mittel, schwere Verletzung' })
      .waitFor();
    expect(
      await cell(
        page,
        'Wahrscheinlichkeit mittel, schwere Verletzung: Risiko 5 (signifikantes Risiko)',
      ).getAttribute('aria-checked'),
    ).toBe('true');
    // Space on the selected cell clears the selection again.
    await page.keyboard.press('Space');
    await page
      .getByRole('group', { name: /^Risikowert für Wahrscheinlichkeit/ })
      .waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText(SAVED).first().waitFor();

    // The history names who changed what, old → new.
    const history = page.getByRole('table', { name: 'Änderungsprotokoll' });
    await history.getByText('hoch × schwere Verletzung: 6 → 7').first().waitFor();
    await history.getByText('Rot ab Risikowert: 5 → 6').first().waitFor();
    expect(await history.getByRole('row').nth(1).textContent()).toContain('Hoffmann, Katrin');

    // Someone else saves meanwhile: this form keeps what was typed and offers 'Neu laden'.
    const other = await newPage(browser);
    await signIn(other.page, 'admin');
    await other.page.goto('/hazardanalysis/status');
    const otherRed = other.page.getByRole('spinbutton', { name: 'Rot ab Risikowert' });
    await waitUntil(async () => (await otherRed.inputValue()) === '6', 'second page loaded');
    await otherRed.fill('7');
    await other.page.getByRole('button', { name: 'Speichern' }).click();
    await other.page.getByText(SAVED).first().waitFor();
    await other.context.close();

    await yellow.fill('4');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('inzwischen von einer anderen Person geändert', { exact: false }).waitFor();
    expect(await yellow.inputValue()).toBe('4');
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await waitUntil(async () => (await red.inputValue()) === '7', 'reload takes the other save');
    expect(await yellow.inputValue()).toBe('4');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText(SAVED).first().waitFor();
    await history.getByText('Gelb ab Risikowert: 3 → 4').first().waitFor();

    await restoreDefaults(page);
    await cell(page, 'Wahrscheinlichkeit hoch, schwere Verletzung: Risiko 6 (hohes Risiko)').waitFor();
    await context.close();
  });

  it('is not offered to an employee without the rights', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'mitarbeiter');
    expect(await drawer(page).getByRole('link', { name: 'Einstufungskriterien bearbeiten' }).count()).toBe(0);
    await page.goto('/hazardanalysis/status');
    await page.getByText('Keine Berechtigung.').waitFor();
    await context.close();
  });
});

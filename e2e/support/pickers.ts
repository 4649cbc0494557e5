import type { Locator, Page } from 'playwright-core';
import { waitUntil } from './browser.ts';

/**
 * Searches a single-choice picker ('Bitte Eintrag auswählen' …) and chooses the first row showing `text` (exact if
 * a string), clicking again if the list reloaded under the click (chooseRow).
 */
export async function pickRow(
  dialog: Locator,
  search: string,
  text: string | RegExp = search,
): Promise<void> {
  await dialog.getByLabel('Suchen').fill(search);
  await chooseRow(
    dialog,
    dialog.getByRole('grid').getByText(text, typeof text === 'string' ? { exact: true } : {}),
  );
}

/**
 * Clicks `row` of a single-choice picker until the picker closes. The scrolling list may replace a row element
 * while it reloads (a search settling, a refetch); a click on the replaced element is lost, as a person's
 * would be, and they click again.
 */
export async function chooseRow(dialog: Locator, row: Locator): Promise<void> {
  await waitUntil(
    async () => {
      if (!(await dialog.isVisible())) return true;
      await row
        .first()
        .click({ timeout: 1000 })
        .catch(() => undefined);
      return dialog
        .waitFor({ state: 'hidden', timeout: 1000 })
        .then(() => true)
        .catch(() => false);
    },
    'picker closed after choosing a row',
    15_000,
  );
}

/** Ticks the row showing `text` in a multiple picker (the list may reload meanwhile: click until ticked). */
export async function tickRow(dialog: Locator, text: string): Promise<void> {
  const row = dialog.locator('[data-row-index][data-loaded="true"]', { hasText: text });
  await waitUntil(async () => {
    if (
      await row
        .getByRole('checkbox')
        .isChecked()
        .catch(() => false)
    )
      return true;
    await row
      .first()
      .click({ timeout: 1000 })
      .catch(() => undefined);
    return false;
  }, `row ${text} selected`);
}

/** Chooses hazard bricks by identifier in the picker 'Gefährdungsbaustein auswählen' and applies them. */
export async function pickBricks(page: Page, identifiers: string[]): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Gefährdungsbaustein auswählen' });
  for (const identifier of identifiers) {
    await dialog.getByLabel('Suchen').fill(identifier);
    await tickRow(dialog, identifier);
  }
  await dialog.getByRole('button', { name: 'Übernehmen', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

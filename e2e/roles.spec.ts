import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridTotal, launchBrowser, listRows, login, newPage, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36);

async function createRole(page: Page, name: string, description = ''): Promise<number> {
  await page.goto('/role/list');
  await gridTotal(page, 'Rollen');
  await page.getByRole('button', { name: 'Neu', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Rolle anlegen' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  if (description) await dialog.getByLabel('Beschreibung').fill(description);
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await page.waitForURL(/\/role\/\d+$/);
  await page.getByTestId('role-heading').getByText(name, { exact: true }).waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Speichern' }).click();
}

describe('roles', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates, renames, toggles permissions, assigns members through the picker and deletes a role', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin');
    await page.goto('/role/list');
    await gridTotal(page, 'Rollen');

    // Create: the name is required (message from the shared schema).
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Neue Rolle anlegen' });
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await create.getByText('Bitte geben Sie einen Namen für die Rolle an.').waitFor();
    await create.getByRole('button', { name: 'Abbrechen' }).click();
    await create.waitFor({ state: 'hidden' });
    const name = `E2E Prüfer ${suffix}`;
    const id = await createRole(page, name, 'Rolle aus dem Browsertest');

    // Rename and save.
    const renamed = `${name} (umbenannt)`;
    await page.getByLabel('Name', { exact: true }).fill(renamed);
    await save(page);
    await page.getByText('Die Rolle wurde gespeichert.').waitFor();
    await page.getByTestId('role-heading').getByText(renamed, { exact: true }).waitFor();

    // Permissions: a group with 'Alle an' / 'Alle aus' and a count, one permission kept.
    await page.getByRole('button', { name: /^Mitarbeiter\s*0 von \d+$/ }).click();
    const groupCount = page.getByTestId('group-count-employees');
    const total = Number((await groupCount.textContent())?.match(/von (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Alle an' }).click();
    expect(await groupCount.textContent()).toBe(`${total} von ${total}`);
    await page.getByRole('button', { name: 'Alle aus' }).click();
    expect(await groupCount.textContent()).toBe(`0 von ${total}`);
    await page.getByRole('checkbox', { name: 'Mitarbeiter-Stammdaten lesen' }).check();
    expect(await groupCount.textContent()).toBe(`1 von ${total}`);
    await save(page);
    await page.getByText('Die Rolle wurde gespeichert.').waitFor();
    await page.reload();
    await page.getByTestId('role-heading').getByText(renamed, { exact: true }).waitFor();
    expect(await page.getByTestId('group-count-employees').textContent()).toBe(`1 von ${total}`);
    await page
      .getByTestId('permission-summary')
      .getByText(/^1 von \d+ Rechten vergeben$/)
      .waitFor();

    // The picker in single mode: add the permissions of the 'Mitarbeiter' role (9 rights) in one click.
    await page.getByRole('button', { name: 'Rechte einer anderen Rolle hinzufügen' }).click();
    const single = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await single.waitFor();
    expect(await single.getByRole('button', { name: 'Übernehmen' }).count()).toBe(0); // single mode: no apply
    expect(await single.getByTestId('picker-selected-count').count()).toBe(0);
    await single.getByLabel('Suchen').fill('Grundrechte'); // matches the description of 'Mitarbeiter' only
    await waitUntil(async () => (await gridTotal(page, 'Bitte Eintrag auswählen')) === 1, 'one role found');
    const roleRow = single.locator('[data-row-index="0"][data-loaded="true"]');
    expect(await roleRow.locator('[aria-colindex="1"]').textContent()).toBe('Mitarbeiter');
    await roleRow.click();
    await single.waitFor({ state: 'hidden' });
    await page.getByText('9 Rechte aus „Mitarbeiter“ hinzugefügt.', { exact: false }).waitFor();
    await page
      .getByTestId('permission-summary')
      .getByText(/^10 von \d+ Rechten vergeben$/)
      .waitFor();
    await save(page);
    await page.getByText('Die Rolle wurde gespeichert.').waitFor();
    await page.reload();
    await page
      .getByTestId('permission-summary')
      .getByText(/^10 von \d+ Rechten vergeben$/)
      .waitFor();

    // Members: the picker in multiple mode.
    expect(await gridTotal(page, 'Zugewiesene Mitarbeiter')).toBe(0);
    await page.getByRole('button', { name: 'Mitarbeiter zuweisen' }).click();
    const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await picker.waitFor();
    // Nearly 10,000 matches: the picker asks to narrow the search.
    await picker
      .getByTestId('picker-hint')
      .getByText('Bitte grenzen Sie die Suche ein', { exact: false })
      .waitFor();
    const apply = picker.getByRole('button', { name: 'Übernehmen' });
    expect(await apply.isDisabled()).toBe(true);
    expect(await picker.getByTestId('picker-selected-count').textContent()).toBe('0 ausgewählt');
    await picker.getByLabel('Suchen').fill('Albrecht');
    await waitUntil(
      async () => (await gridTotal(page, 'Bitte Eintrag auswählen')) < 500,
      'picker search applied',
    );
    await picker.getByTestId('picker-hint').waitFor({ state: 'detached' });
    const rows = listRows(page, 'Bitte Eintrag auswählen');
    await picker.locator('[data-row-index="1"][data-loaded="true"]').waitFor();
    const chosen = [
      (await rows.nth(0).locator('[aria-colindex="4"]').textContent()) ?? '',
      (await rows.nth(1).locator('[aria-colindex="4"]').textContent()) ?? '',
    ];
    await rows.nth(0).click();
    await rows.nth(1).click();
    expect(await picker.getByTestId('picker-selected-count').textContent()).toBe('2 ausgewählt');
    expect(await rows.nth(0).getAttribute('aria-selected')).toBe('true');
    await apply.click();
    await picker.waitFor({ state: 'hidden' });
    await page.getByText('2 Mitarbeiter wurden zugewiesen.').waitFor();
    await waitUntil(
      async () => (await gridTotal(page, 'Zugewiesene Mitarbeiter')) === 2,
      'two members listed',
    );
    const memberNumbers = await listRows(page, 'Zugewiesene Mitarbeiter')
      .locator('[aria-colindex="3"]')
      .allTextContents();
    expect(memberNumbers.sort()).toEqual(chosen.sort());

    // The picker starts afresh when shown again.
    await page.getByRole('button', { name: 'Mitarbeiter zuweisen' }).click();
    await picker.waitFor();
    expect(await picker.getByLabel('Suchen').inputValue()).toBe('');
    expect(await picker.getByTestId('picker-selected-count').textContent()).toBe('0 ausgewählt');
    await picker.getByRole('button', { name: 'Schließen' }).click();
    await picker.waitFor({ state: 'hidden' });

    // Delete is refused while the role is assigned.
    await page.getByRole('button', { name: 'Rolle löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rolle löschen?' });
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await confirm
      .getByRole('alert')
      .getByText(/ist noch 2 Mitarbeitern zugewiesen und kann nicht gelöscht werden/)
      .waitFor();
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();
    await confirm.waitFor({ state: 'hidden' });

    // Remove both assignments, then delete.
    for (let i = 0; i < 2; i++) {
      const before = await gridTotal(page, 'Zugewiesene Mitarbeiter');
      await listRows(page, 'Zugewiesene Mitarbeiter')
        .first()
        .getByRole('button', { name: /^Zuweisung entfernen/ })
        .click();
      await waitUntil(
        async () => (await gridTotal(page, 'Zugewiesene Mitarbeiter')) === before - 1,
        'member removed',
      );
    }
    await page.getByRole('button', { name: 'Rolle löschen' }).click();
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await page.waitForURL(/\/role\/list$/);
    await page.getByText('Die Rolle wurde gelöscht.').waitFor();

    // Gone: the list does not find it, the address answers 404.
    await page.getByLabel('Suchen').fill(renamed);
    await page.getByText('Leider keine Daten gefunden').waitFor();
    await page.goto(`/role/${id}`);
    await page.getByText('This page could not be found').waitFor();
    await context.close();
  });

  it('keeps the typed content on a stale-version conflict (409) and saves after reloading', async () => {
    const a = await newPage(browser);
    const b = await newPage(browser);
    await login(a.page, 'admin');
    await login(b.page, 'admin');
    const name = `E2E Konflikt ${suffix}`;
    const id = await createRole(a.page, name, 'Ausgangstext');
    await b.page.goto(`/role/${id}`);
    await b.page.getByTestId('role-heading').getByText(name, { exact: true }).waitFor();

    // A saves first.
    const nameByA = `${name} – von A`;
    await a.page.getByLabel('Name', { exact: true }).fill(nameByA);
    await save(a.page);
    await a.page.getByText('Die Rolle wurde gespeichert.').waitFor();

    // B, still on the old version, changes the description and saves: 409, and the text stays.
    const textByB = 'Beschreibung von B, die nicht verloren gehen darf';
    await b.page.getByLabel('Beschreibung').fill(textByB);
    await save(b.page);
    const conflict = b.page.getByTestId('conflict-alert');
    await conflict
      .getByText('Der Datensatz wurde inzwischen von einer anderen Person geändert', { exact: false })
      .waitFor();
    expect(await b.page.getByLabel('Beschreibung').inputValue()).toBe(textByB);
    expect(await b.page.getByLabel('Name', { exact: true }).inputValue()).toBe(name);

    // 'Neu laden': A's name comes in, B's description is kept; saving now works.
    await conflict.getByRole('button', { name: 'Neu laden' }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(await b.page.getByLabel('Name', { exact: true }).inputValue()).toBe(nameByA);
    expect(await b.page.getByLabel('Beschreibung').inputValue()).toBe(textByB);
    await save(b.page);
    await b.page.getByText('Die Rolle wurde gespeichert.').waitFor();

    await a.page.reload();
    await a.page.getByTestId('role-heading').getByText(nameByA, { exact: true }).waitFor();
    expect(await a.page.getByLabel('Beschreibung').inputValue()).toBe(textByB);

    // Clean up.
    await a.page.getByRole('button', { name: 'Rolle löschen' }).click();
    await a.page
      .getByRole('dialog', { name: 'Rolle löschen?' })
      .getByRole('button', { name: 'Löschen' })
      .click();
    await a.page.waitForURL(/\/role\/list$/);
    await a.context.close();
    await b.context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridTotal, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36);

/** Creates a role from the role list (opened only if the page is not on it: a page load saved). */
async function createRole(page: Page, name: string, description = ''): Promise<number> {
  if (new URL(page.url()).pathname !== '/role/list') await page.goto('/role/list');
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
    await signIn(page, 'admin', '/role/list');
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
    // 'Alle an' never grants full access (id 12 lives in its own group 'Vollzugriff').
    expect(await page.getByRole('checkbox', { name: 'Administrator (alle Rechte)' }).isChecked()).toBe(false);
    await page
      .getByTestId('permission-summary')
      .getByText(new RegExp(`^${total} von \\d+ Rechten vergeben$`))
      .waitFor();
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

    // Assigning again reports what really happened: one new, one already there; then none new.
    await page.getByRole('button', { name: 'Mitarbeiter zuweisen' }).click();
    await picker.waitFor();
    await picker.getByLabel('Suchen').fill('Albrecht');
    await waitUntil(
      async () => (await gridTotal(page, 'Bitte Eintrag auswählen')) < 500,
      'picker search applied',
    );
    await picker.locator('[data-row-index="2"][data-loaded="true"]').waitFor();
    await rows.nth(0).click(); // already assigned
    await rows.nth(2).click(); // new
    await apply.click();
    await page.getByText('1 Mitarbeiter wurde zugewiesen.').waitFor();
    await waitUntil(
      async () => (await gridTotal(page, 'Zugewiesene Mitarbeiter')) === 3,
      'three members listed',
    );
    await page.getByRole('button', { name: 'Mitarbeiter zuweisen' }).click();
    await picker.waitFor();
    await picker.getByLabel('Suchen').fill('Albrecht');
    await waitUntil(
      async () => (await gridTotal(page, 'Bitte Eintrag auswählen')) < 500,
      'picker search applied',
    );
    await picker.locator('[data-row-index="1"][data-loaded="true"]').waitFor();
    await rows.nth(0).click();
    await rows.nth(1).click();
    await apply.click();
    await page.getByText('Die ausgewählten Mitarbeiter haben diese Rolle bereits.').waitFor();
    expect(await gridTotal(page, 'Zugewiesene Mitarbeiter')).toBe(3);

    // Removing an assignment asks first; 'Abbrechen' keeps it.
    const removeDialog = page.getByRole('dialog', { name: 'Zuweisung entfernen?' });
    await listRows(page, 'Zugewiesene Mitarbeiter')
      .first()
      .getByRole('button', { name: /^Zuweisung entfernen/ })
      .click();
    await removeDialog.getByText(`die Rolle „${renamed}“ wirklich entziehen?`, { exact: false }).waitFor();
    await removeDialog.getByRole('button', { name: 'Abbrechen' }).click();
    await removeDialog.waitFor({ state: 'hidden' });
    expect(await gridTotal(page, 'Zugewiesene Mitarbeiter')).toBe(3);

    // Remove all assignments, then delete.
    for (let i = 0; i < 3; i++) {
      const before = await gridTotal(page, 'Zugewiesene Mitarbeiter');
      await listRows(page, 'Zugewiesene Mitarbeiter')
        .first()
        .getByRole('button', { name: /^Zuweisung entfernen/ })
        .click();
      await removeDialog.getByRole('button', { name: 'Entfernen', exact: true }).click();
      await removeDialog.waitFor({ state: 'hidden' });
      await waitUntil(
        async () => (await gridTotal(page, 'Zugewiesene Mitarbeiter')) === before - 1,
        'member removed',
      );
    }
    await page.getByRole('button', { name: 'Rolle löschen' }).click();
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await page.waitForURL(/\/role\/list$/);
    await page.getByText('Die Rolle wurde gelöscht.').waitFor();

    // Gone: the list does not find it, the address answers 404 with the way back to the list.
    await page.getByLabel('Suchen').fill(renamed);
    await page.getByText('Leider keine Daten gefunden').waitFor();
    await page.goto(`/role/${id}`);
    await page.getByText('This page could not be found').waitFor();
    await page.getByText('Die Rolle wurde nicht gefunden.').waitFor();
    await page.getByRole('link', { name: 'Zur Rollenliste' }).click();
    await page.waitForURL(/\/role\/list$/);
    await context.close();
  });

  it('keeps the typed content on a stale-version conflict (409) and saves after reloading', async () => {
    const a = await newPage(browser);
    const b = await newPage(browser);
    await signIn(a.page, 'admin', '/role/list');
    await signIn(b.page, 'admin');
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

  it("shows 'Vollzugriff' first and apart, asks before taking it, and refuses to remove the last administrator", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/role/list');
    await gridTotal(page, 'Rollen');
    await page.getByLabel('Suchen').fill('Administrator');
    const adminRow = listRows(page, 'Rollen').filter({
      has: page.locator('[aria-colindex="1"]').getByText('Administrator', { exact: true }),
    });
    // A full-access role counts no permissions in the list: it has 'alle'.
    await adminRow.getByText('alle', { exact: true }).waitFor();
    await adminRow.click();
    await page.waitForURL(/\/role\/\d+$/);
    await page.getByTestId('role-heading').getByText('Administrator', { exact: true }).waitFor();

    // The group 'Vollzugriff' comes first, with its explanation; the summary names full access.
    const firstGroup = page.locator('[data-group]').first();
    expect(await firstGroup.getAttribute('data-group')).toBe('administration');
    await firstGroup.getByText('Vollzugriff', { exact: true }).waitFor();
    await firstGroup.getByText('Dieses Recht schließt alle anderen Rechte ein.').waitFor();
    expect(await firstGroup.textContent()).toContain('Nr.\u00a012');
    const summary = page.getByTestId('permission-summary');
    expect(await summary.textContent()).toBe('Vollzugriff: alle Rechte');

    // Unticking asks first; 'Recht behalten' changes nothing.
    const superuser = page.getByRole('checkbox', { name: 'Administrator (alle Rechte)' });
    const ask = page.getByRole('dialog', { name: 'Vollzugriff entziehen?' });
    await superuser.click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Recht behalten' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await superuser.isChecked()).toBe(true);

    // Confirmed and saved from far down the page: the server refuses (last administrator), and the message
    // is scrolled into view and focused.
    await superuser.click();
    await ask.getByRole('button', { name: 'Trotzdem entfernen' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await superuser.isChecked()).toBe(false);
    await summary.getByText(/^0 von \d+ Rechten vergeben$/).waitFor();
    await page.locator('#main-content').evaluate((main) => {
      main.scrollTop = main.scrollHeight;
    });
    await save(page);
    const error = page.getByTestId('save-error');
    await error.getByText('dem letzten aktiven Mitarbeiter das Recht', { exact: false }).waitFor();
    await waitUntil(
      () =>
        error.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight && document.activeElement === element;
        }),
      'save error in view and focused',
    );

    // Nothing was saved: ticking it again leaves the form unchanged.
    await superuser.click();
    expect(await superuser.isChecked()).toBe(true);
    await page.getByText('Ungespeicherte Änderungen').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('role-heading').getByText('Administrator', { exact: true }).waitFor();
    expect(await page.getByTestId('permission-summary').textContent()).toBe('Vollzugriff: alle Rechte');
    await context.close();
  });

  it('marks the name on a duplicate, shows the message once, clears a stale success, refuses the open role as source', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/role/list');
    const name = `E2E Doppelt ${suffix}`;
    await createRole(page, name);

    await page.getByLabel('Beschreibung').fill('zuerst gespeichert');
    await save(page);
    const saved = page.getByText('Die Rolle wurde gespeichert.');
    await saved.waitFor();

    // The demo role 'Mitarbeiter' exists: the name is refused; the success message of before is gone.
    const nameField = page.getByLabel('Name', { exact: true });
    await nameField.fill('Mitarbeiter');
    await save(page);
    const error = page.getByTestId('save-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(
      'Eine Rolle mit dem Namen „Mitarbeiter“ gibt es bereits. Bitte wählen Sie einen anderen Namen.',
    );
    await saved.waitFor({ state: 'detached' });
    expect(await nameField.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Name bereits vergeben').waitFor();
    // Typing clears the field's mark.
    await nameField.fill(`${name} B`);
    expect(await nameField.getAttribute('aria-invalid')).toBe('false');

    // 'Rechte einer anderen Rolle hinzufügen': the open role itself is refused with a reason.
    await page.getByRole('button', { name: 'Rechte einer anderen Rolle hinzufügen' }).click();
    const single = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await single.getByLabel('Suchen').fill(name);
    await waitUntil(async () => (await gridTotal(page, 'Bitte Eintrag auswählen')) === 1, 'own role found');
    const own = single.locator('[data-row-index="0"][data-loaded="true"]');
    expect(await own.getAttribute('aria-disabled')).toBe('true');
    await own.click({ force: true }); // aria-disabled: Playwright would wait for it to be enabled
    await single.getByTestId('picker-refusal').getByText('Diese Rolle ist bereits geöffnet.').waitFor();
    expect(await single.isVisible()).toBe(true);
    await single.getByRole('button', { name: 'Schließen' }).click();
    await single.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Rolle löschen' }).click();
    await page
      .getByRole('dialog', { name: 'Rolle löschen?' })
      .getByRole('button', { name: 'Löschen' })
      .click();
    await page.waitForURL(/\/role\/list$/);
    await context.close();
  });

  it("asks before taking 'Rollen verwalten' from a role the user holds", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/role/list');
    const name = `E2E Rollenverwaltung ${suffix}`;
    await createRole(page, name);
    await page.getByRole('button', { name: /^Mitarbeiter\s*0 von \d+$/ }).click();
    const rolesManage = page.getByRole('checkbox', { name: 'Rollen verwalten' });
    // The group opens with a collapse animation: check once it has settled (under load a click mid-way misses).
    await page.locator('.MuiCollapse-entered').filter({ has: rolesManage }).waitFor();
    await rolesManage.check();
    await save(page);
    await page.getByText('Die Rolle wurde gespeichert.').waitFor();

    // Not yet a member: unticking needs no confirmation.
    await rolesManage.uncheck();
    expect(await page.getByRole('dialog', { name: 'Rollenverwaltung entziehen?' }).count()).toBe(0);
    await rolesManage.check();

    // The administrator takes the role himself.
    await page.getByRole('button', { name: 'Mitarbeiter zuweisen' }).click();
    const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await picker.getByLabel('Suchen').fill('000001');
    await waitUntil(async () => (await gridTotal(page, 'Bitte Eintrag auswählen')) === 1, 'admin found');
    await picker.locator('[data-row-index="0"][data-loaded="true"]').click();
    await picker.getByRole('button', { name: 'Übernehmen' }).click();
    await page.getByText('1 Mitarbeiter wurde zugewiesen.').waitFor();

    const ask = page.getByRole('dialog', { name: 'Rollenverwaltung entziehen?' });
    await waitUntil(async () => {
      await rolesManage.click();
      if (await ask.isVisible()) return true;
      // Membership not known yet: put the tick back and try again.
      if (!(await rolesManage.isChecked())) await rolesManage.check();
      return false;
    }, 'confirmation asked');
    await ask.getByText('Sie haben diese Rolle selbst.', { exact: false }).waitFor();
    await ask.getByRole('button', { name: 'Recht behalten' }).click();
    expect(await rolesManage.isChecked()).toBe(true);

    // Clean up: remove the assignment, delete the role.
    await listRows(page, 'Zugewiesene Mitarbeiter')
      .first()
      .getByRole('button', { name: /^Zuweisung entfernen/ })
      .click();
    const removeDialog = page.getByRole('dialog', { name: 'Zuweisung entfernen?' });
    await removeDialog.getByRole('button', { name: 'Entfernen', exact: true }).click();
    await removeDialog.waitFor({ state: 'hidden' });
    await waitUntil(async () => (await gridTotal(page, 'Zugewiesene Mitarbeiter')) === 0, 'member removed');
    await page.getByRole('button', { name: 'Rolle löschen' }).click();
    await page
      .getByRole('dialog', { name: 'Rolle löschen?' })
      .getByRole('button', { name: 'Löschen' })
      .click();
    await page.waitForURL(/\/role\/list$/);
    await context.close();
  });

  it("makes the list one Tab stop: arrows move, Space chooses, 'Übernehmen' follows right after", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/role/list');
    const name = `E2E Tastatur ${suffix}`;
    await createRole(page, name);
    await page.getByRole('button', { name: 'Mitarbeiter zuweisen' }).click();
    const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    const search = picker.getByLabel('Suchen');
    await search.fill('Albrecht');
    await waitUntil(
      async () => (await gridTotal(page, 'Bitte Eintrag auswählen')) < 500,
      'picker search applied',
    );
    await picker.locator('[data-row-index="3"][data-loaded="true"]').waitFor();
    const focusedRow = () =>
      page.evaluate(() =>
        document.activeElement?.closest('[data-row-index]')?.getAttribute('data-row-index'),
      );
    const focusedName = () =>
      page.evaluate(() => document.activeElement?.textContent?.trim() ?? document.activeElement?.tagName);

    await search.focus();
    await page.keyboard.press('Tab');
    expect(await focusedRow()).toBe('0');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focusedRow()).toBe('2');
    await page.keyboard.press('ArrowUp');
    expect(await focusedRow()).toBe('1');
    await page.keyboard.press('Space');
    expect(await picker.getByTestId('picker-selected-count').textContent()).toBe('1 ausgewählt');
    expect(await picker.locator('[data-row-index="1"]').getAttribute('aria-selected')).toBe('true');

    // One Tab leaves the list: 'Schließen', then 'Übernehmen'.
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Schließen');
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Übernehmen');
    // Shift+Tab back into the list lands on the row last used.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedRow()).toBe('1');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'hidden' });
    await page.getByText('1 Mitarbeiter wurde zugewiesen.').waitFor();

    // In the member list, the row's button is reached from the row with Tab.
    const members = page.getByRole('grid', { name: 'Zugewiesene Mitarbeiter' });
    await members.locator('[data-row-index="0"][data-loaded="true"]').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(
      /^Zuweisung entfernen: /,
    );
    await page.keyboard.press('Enter');
    const removeDialog = page.getByRole('dialog', { name: 'Zuweisung entfernen?' });
    await removeDialog.getByRole('button', { name: 'Entfernen', exact: true }).click();
    await waitUntil(async () => (await gridTotal(page, 'Zugewiesene Mitarbeiter')) === 0, 'member removed');
    await page.getByRole('button', { name: 'Rolle löschen' }).click();
    await page
      .getByRole('dialog', { name: 'Rolle löschen?' })
      .getByRole('button', { name: 'Löschen' })
      .click();
    await page.waitForURL(/\/role\/list$/);
    await context.close();
  });

  it('keeps the page name and the personnel number in view on a phone', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'admin', '/role/list');
    await gridTotal(page, 'Rollen');
    // Phones: the toolbar shows the page name alone (the product name gives way), unclipped.
    const title = page.getByTestId('toolbar-title');
    expect(await title.textContent()).toBe('Rollen');
    await page.getByLabel('Suchen').fill('Grundrechte');
    await waitUntil(async () => (await gridTotal(page, 'Rollen')) === 1, 'role found');
    await listRows(page, 'Rollen').first().click();
    await page.waitForURL(/\/role\/\d+$/);
    await waitUntil(async () => (await title.textContent()) === 'Rolle bearbeiten', 'edit title');
    const nameVisible = await page.getByTestId('toolbar-page-title').evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.right <= window.innerWidth && box.width > 0 && element.scrollWidth <= element.clientWidth;
    });
    expect(nameVisible).toBe(true);

    await page.getByRole('button', { name: 'Mitarbeiter zuweisen' }).click();
    const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await picker.getByLabel('Suchen').fill('Albrecht');
    await waitUntil(
      async () => (await gridTotal(page, 'Bitte Eintrag auswählen')) < 500,
      'picker search applied',
    );
    const row = picker.locator('[data-row-index="0"][data-loaded="true"]');
    await row.waitFor();
    const secondLine = row.locator('[data-compact-line="secondary"]');
    expect(await secondLine.textContent()).toMatch(/\b\d{6}\b/);
    const inView = await secondLine.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const dialog = element.closest('[role="dialog"]')?.getBoundingClientRect();
      return dialog !== undefined && box.left >= dialog.left && box.left < dialog.right;
    });
    expect(inView).toBe(true);
    await row.click();
    const count = picker.getByTestId('picker-selected-count');
    expect(await count.textContent()).toBe('1 ausgewählt');
    const lineHeight = await count.evaluate((element) => {
      const style = getComputedStyle(element);
      return { height: element.getBoundingClientRect().height, line: Number.parseFloat(style.lineHeight) };
    });
    expect(lineHeight.height).toBeLessThan(lineHeight.line * 1.5);
    await picker.getByRole('button', { name: 'Schließen' }).click();
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridTotal, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';
import { createEmployee, heading, nextEmployee, openEmployee, openTab, panel } from './support/employees.ts';

describe('employee list filters and assignments', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('filters the list by type and status, shows the type, and resets the filters', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/employee/list');
    const all = await gridTotal(page, 'Mitarbeiter');

    await page.getByLabel('Art').click();
    await page.getByRole('option', { name: 'Leiharbeitnehmer' }).click();
    await waitUntil(async () => (await gridTotal(page, 'Mitarbeiter')) < all, 'type filter narrows the list');
    await page.locator('[data-row-index="0"][data-loaded="true"]').waitFor();
    const types = await listRows(page, 'Mitarbeiter').locator('[aria-colindex="4"]').allTextContents();
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((text) => text === 'Leiharbeitnehmer')).toBe(true);
    const temps = await gridTotal(page, 'Mitarbeiter');

    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Leiharbeit abgelaufen' }).click();
    await waitUntil(
      async () => (await gridTotal(page, 'Mitarbeiter')) < temps,
      'status filter narrows further',
    );

    // Kept when coming back to the list.
    await page.reload();
    await waitUntil(async () => (await gridTotal(page, 'Mitarbeiter')) < temps, 'filters remembered');
    await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    await waitUntil(async () => (await gridTotal(page, 'Mitarbeiter')) === all, 'all employees again');
    expect(await page.getByRole('button', { name: 'Filter zurücksetzen' }).count()).toBe(0);
    await context.close();
  });

  it('turns an employee into a temp worker and back, asking for the end date', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const employee = nextEmployee('Wechsel');
    await createEmployee(page, employee);

    await page.getByRole('button', { name: 'In Leiharbeit überführen' }).click();
    const dialog = page.getByRole('dialog', { name: 'In Leiharbeit überführen' });
    await dialog.getByRole('button', { name: 'Überführen' }).click();
    await dialog.getByText('Bitte geben Sie das Ende der Leiharbeit an.').waitFor();
    await dialog.getByLabel('Leiharbeit bis', { exact: false }).fill('31.02.2027');
    await dialog.getByRole('button', { name: 'Überführen' }).click();
    await dialog.getByText('Bitte geben Sie ein gültiges Datum ein.').waitFor();
    await dialog.getByLabel('Leiharbeit bis', { exact: false }).fill('30.06.2027');
    await dialog.getByRole('button', { name: 'Überführen' }).click();
    await page.getByText('Der Mitarbeiter wird jetzt als Leiharbeitnehmer geführt.').waitFor();
    await openTab(page, 'Erweiterte Stammdaten');
    expect(await panel(page).getByRole('checkbox', { name: 'Leiharbeitnehmer' }).isChecked()).toBe(true);
    expect(await panel(page).getByLabel('Leiharbeit bis').inputValue()).toBe('30.06.2027');

    await page.getByRole('button', { name: 'Als Mitarbeiter übernehmen' }).click();
    const back = page.getByRole('dialog', { name: 'Leiharbeitnehmer als Mitarbeiter übernehmen' });
    await back.getByLabel('Eintrittsdatum').fill('01.07.2027');
    await back.getByRole('button', { name: 'Übernehmen' }).click();
    await page.getByText('Der Leiharbeitnehmer wurde als Mitarbeiter übernommen.').waitFor();
    expect(await panel(page).getByRole('checkbox', { name: 'Leiharbeitnehmer' }).isChecked()).toBe(false);
    expect(await panel(page).getByLabel('Eintrittsdatum').inputValue()).toBe('01.07.2027');
    await context.close();
  });

  it('assigns led employees and a customer portal; nobody edits their own responsibilities', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const boss = nextEmployee('Vorgesetzte');
    const bossId = await createEmployee(page, boss);
    const led = nextEmployee('Geführter');
    await createEmployee(page, led);

    await openEmployee(page, bossId, boss);
    await openTab(page, 'Verantwortungsbereiche');
    const section = page.getByTestId('led-employees');
    await section.getByText('Führt keine Mitarbeiter.').waitFor();
    await section.getByRole('button', { name: 'Mitarbeiter zuordnen' }).click();
    const picker = page.getByRole('dialog', { name: 'Mitarbeiter zuordnen' });
    await picker.getByLabel('Suchen').fill(led.number);
    await waitUntil(async () => (await gridTotal(page, 'Mitarbeiter zuordnen')) === 1, 'led employee found');
    await picker.locator('[data-row-index="0"][data-loaded="true"]').click();
    await picker.getByRole('button', { name: 'Übernehmen' }).click();
    await page.getByText('Zuordnung gespeichert.').waitFor();
    await section.getByText(`${led.lastName}, ${led.firstName}`).waitFor();

    await openTab(page, 'Portalzuordnung');
    await page.getByTestId('home-portal').getByText('Stammportal: Rheinwerk Chemie GmbH').waitFor();
    await page.getByRole('button', { name: 'Portale zuordnen' }).click();
    const portals = page.getByRole('dialog', { name: 'Portale zuordnen' });
    await portals.getByText('Kundenportal Nordhafen Logistik GmbH').click();
    await portals.getByRole('button', { name: 'Übernehmen' }).click();
    await page.getByTestId('assigned-portals').getByText('Kundenportal Nordhafen Logistik GmbH').waitFor();
    await page.getByRole('button', { name: 'Kundenportal Nordhafen Logistik GmbH entfernen' }).click();
    await page.getByTestId('assigned-portals').getByText('Keinem weiteren Portal zugeordnet.').waitFor();

    // The led employee sees the supervisor on their own tab.
    await page.goto('/employee/list');
    await page.getByLabel('Suchen').fill(led.number);
    await waitUntil(async () => (await gridTotal(page, 'Mitarbeiter')) === 1, 'led employee found');
    await page.locator('[data-row-index="0"][data-loaded="true"]').click();
    await heading(page).getByText(led.lastName, { exact: false }).waitFor();
    await openTab(page, 'Verantwortungsbereiche');
    await page.getByTestId('supervisors').getByText(`${boss.lastName}, ${boss.firstName}`).waitFor();
    await context.close();

    // Nobody edits their own responsibilities, not even the administrator.
    const own = await newPage(browser);
    await signIn(own.page, 'admin', '/employee/list');
    await own.page.getByLabel('Suchen').fill('admin');
    await waitUntil(async () => (await gridTotal(own.page, 'Mitarbeiter')) === 1, 'own record found');
    await own.page.locator('[data-row-index="0"][data-loaded="true"]').click();
    await heading(own.page).waitFor();
    await openTab(own.page, 'Verantwortungsbereiche');
    await own.page
      .getByTestId('responsibilities-read-only')
      .getByText('eigenen Verantwortungsbereiche', { exact: false })
      .waitFor();
    expect(await own.page.getByRole('button', { name: 'Mitarbeiter zuordnen' }).count()).toBe(0);
    await own.context.close();
  });

  it('sets department and location through the tree pickers and assigns responsibility for a department', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const employee = nextEmployee('Abteilungswechsel');
    const id = await createEmployee(page, employee);

    await panel(page).getByRole('button', { name: 'Abteilung auswählen' }).click();
    const departments = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await departments.getByLabel('Suchen').fill('Synthese');
    await waitUntil(
      async () => (await gridTotal(page, 'Bitte Eintrag auswählen')) === 1,
      'one department found',
    );
    await departments.locator('[data-row-index="0"][data-loaded="true"]').click();
    await waitUntil(
      async () =>
        (await panel(page).getByLabel('Abteilung', { exact: true }).inputValue()).includes(
          'Produktion Synthese',
        ),
      'department shown',
    );
    await panel(page).getByRole('button', { name: 'Ort auswählen' }).click();
    const locations = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await locations.getByLabel('Suchen').fill('Tanklager');
    await waitUntil(
      async () => (await gridTotal(page, 'Bitte Eintrag auswählen')) === 1,
      'one location found',
    );
    await locations.locator('[data-row-index="0"][data-loaded="true"]').click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Der Mitarbeiter wurde gespeichert.').waitFor();
    await openEmployee(page, id, employee);
    expect(await panel(page).getByLabel('Abteilung', { exact: true }).inputValue()).toContain(
      'Produktion Synthese',
    );
    expect(await panel(page).getByLabel('Ort', { exact: true }).inputValue()).toContain('Tanklager Nord');

    await openTab(page, 'Verantwortungsbereiche');
    await page
      .getByTestId('responsible-departments')
      .getByRole('button', { name: 'Abteilungen zuordnen' })
      .click();
    const picker = page.getByRole('dialog', { name: 'Abteilungen zuordnen' });
    await picker.getByLabel('Suchen').fill('Logistik');
    await waitUntil(async () => (await gridTotal(page, 'Abteilungen zuordnen')) === 4, 'Logistik and below');
    await picker.locator('[data-row-index="0"][data-loaded="true"]').click();
    await picker.getByRole('button', { name: 'Übernehmen' }).click();
    await page.getByTestId('responsible-departments').getByText('Logistik', { exact: true }).waitFor();
    await context.close();
  });

  it('assigns an activity role on the tab Eigenschaften', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await createEmployee(page, nextEmployee('Ersthelferin'));
    await openTab(page, 'Eigenschaften');
    await panel(page).getByText('Keine Rollen zugeordnet.').waitFor();
    await panel(page).getByRole('button', { name: 'Rolle hinzufügen' }).click();
    const picker = page.getByRole('dialog');
    await picker.getByLabel('Suchen').fill('Ersthelfer');
    await waitUntil(async () => (await gridTotal(page, 'Rolle auswählen')) === 1, 'one role found');
    await picker.locator('[data-row-index="0"][data-loaded="true"]').click();
    await picker.getByRole('button', { name: 'Übernehmen' }).click();
    await page.getByText('Die Zuordnung wurde gespeichert.').waitFor();
    expect(await panel(page).getByText('Keine Rollen zugeordnet.').count()).toBe(0);
    await panel(page).getByText('Ersthelfer', { exact: false }).first().waitFor();
    await context.close();
  });

  it('copies assignments to chosen employees and says how many', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const targetA = nextEmployee('Kopieziel');
    await createEmployee(page, targetA);
    const targetB = nextEmployee('Kopieziel');
    await createEmployee(page, targetB);
    // The source: the demo supervisor (role 'Führungskraft', a department and a location).
    await page.goto('/employee/list');
    await page.getByLabel('Suchen').fill('000102');
    await waitUntil(async () => (await gridTotal(page, 'Mitarbeiter')) === 1, 'source found');
    await page.locator('[data-row-index="0"][data-loaded="true"]').click();
    await heading(page).getByText('Wagner', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Zuordnungen kopieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zuordnungen kopieren' });
    await dialog.getByRole('button', { name: 'Kopieren' }).click();
    await dialog.getByText('Bitte wählen Sie mindestens einen Mitarbeiter aus.').waitFor();
    await dialog.getByRole('button', { name: 'Mitarbeiter wählen' }).click();
    const picker = page.getByRole('dialog', { name: 'Mitarbeiter wählen' });
    await picker.getByLabel('Suchen').fill(`Kopieziel ${targetA.number.split('-')[1]}`);
    // Only the two new employees match once the (debounced) search has reached the list.
    await waitUntil(async () => (await gridTotal(page, 'Mitarbeiter wählen')) === 2, 'the two targets found');
    await picker.locator('[data-row-index="1"][data-loaded="true"]').waitFor();
    await picker.locator('[data-row-index="0"]').click();
    await picker.locator('[data-row-index="1"]').click();
    await picker.getByRole('button', { name: 'Übernehmen' }).click();
    await dialog.getByText('2 Mitarbeiter gewählt').waitFor();
    await dialog.getByRole('button', { name: 'Kopieren' }).click();
    await page.getByText('Zuordnungen für 2 Mitarbeiter übernommen.').waitFor();
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { drawer, gridTotal, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';
import { createEmployee, nextEmployee, openTab, suffix } from './support/employees.ts';
import { tickRow } from './support/pickers.ts';

describe('instruction profiles (decision 040)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an administrator puts a topic on an activity; a new employee with it gets the topic, shown on the record and in the matrix', async () => {
    const { context, page } = await newPage(browser);
    const activity = `E2E Profiltätigkeit ${suffix}`;
    const label = `E2E Profil ${suffix}`;

    // An activity of its own, so that only the new employee below has it.
    await signIn(page, 'admin', '/activities/list');
    await page.getByRole('tree', { name: 'Eigenschaften' }).waitFor();
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const newActivity = page.getByRole('dialog', { name: 'Neue Eigenschaft anlegen' });
    await newActivity.getByLabel('Name', { exact: true }).fill(activity);
    await newActivity.getByRole('button', { name: 'Anlegen' }).click();
    await page.getByText('Die Eigenschaft wurde angelegt.').waitFor();

    // The profile: an empty label is refused in German, then created.
    await drawer(page).getByRole('link', { name: 'Unterweisungsprofile' }).click();
    await page.waitForURL(/\/instructions\/profiles$/);
    await gridTotal(page, 'Unterweisungsprofile');
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Neues Unterweisungsprofil' });
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await create.getByText('Bitte geben Sie eine Bezeichnung ein.').waitFor();
    await expectAccessible(page); // the dialog with the field message
    await create.getByLabel('Bezeichnung').fill(label);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/instructions\/profiles\/\d+$/);
    await create.waitFor({ state: 'hidden' });

    // Topic U-07 of the starter catalogue, assigned to the activity.
    const topics = page.getByRole('combobox', { name: 'Unterweisungen auswählen' });
    await topics.fill('U-07');
    const option = page.getByRole('option').filter({ hasText: 'U-07' });
    await option.first().click();
    await page.getByRole('button', { name: /^U-07 / }).waitFor();
    await page.getByRole('combobox', { name: 'Tätigkeit', exact: true }).fill(activity);
    await page.getByRole('option', { name: activity }).click();
    await page.getByRole('button', { name: 'Zuordnen' }).click();
    await page.getByText(`Tätigkeit: ${activity}`).waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert. Neu zugewiesen: 0, offene entfernt: 0.').waitFor();

    // A new employee gets the activity: the profile's topic follows at once.
    const employee = nextEmployee('Profilneu');
    const id = await createEmployee(page, employee);
    await openTab(page, 'Eigenschaften');
    await page.getByRole('button', { name: 'Eigenschaft hinzufügen' }).click();
    const picker = page.getByRole('dialog', { name: 'Eigenschaft auswählen' });
    await picker.getByLabel('Suchen').fill(activity);
    await waitUntil(async () => (await gridTotal(page, 'Eigenschaft auswählen')) === 1, 'the activity found');
    await tickRow(picker, activity);
    await picker.getByRole('button', { name: 'Übernehmen' }).click();
    await page.getByText('Die Zuordnung wurde gespeichert.').waitFor();

    await openTab(page, 'Profile');
    await page.getByTestId('employee-profiles').getByText(`${label} – Tätigkeit: ${activity}`).waitFor();
    expect(await gridTotal(page, 'Unterweisungen')).toBe(1);
    const row = listRows(page, 'Unterweisungen').first();
    await row.getByText(/^U-07 /).waitFor();
    await row.getByText('offen', { exact: true }).waitFor();

    // The matrix shows the open item (letter and colour, with the legend).
    await drawer(page).getByRole('link', { name: 'Zuweisungsmatrix' }).click();
    await page.waitForURL(/\/instructions\/matrix$/);
    await page.getByTestId('matrix-legend').getByText('nicht zugewiesen').waitFor();
    await page.getByLabel('Suchen').fill(employee.number);
    const matrixRow = page.getByTestId(`matrix-row-${id}`);
    await matrixRow.waitFor();
    await waitUntil(
      async () => (await page.getByTestId('matrix-range').textContent()) === '1–1 von 1',
      'the search narrows the matrix to the new employee',
    );
    const open = matrixRow.locator('[data-status="O"]');
    expect(await open.count()).toBe(1);
    expect(await open.getAttribute('aria-label')).toMatch(/U-07: offen/);
    await expectAccessible(page);

    // Bulk assignment from the matrix: one more cell of the row, assigned with a due date.
    const free = matrixRow.locator('[data-status="none"]').first();
    const freeLabel = (await free.getAttribute('aria-label')) ?? '';
    await free.click();
    await page.getByTestId('matrix-selected').getByText('1 Zelle ausgewählt').waitFor();
    await page.getByLabel('Fällig am').fill('2031-03-15');
    await page.getByRole('button', { name: 'Ausgewählte zuweisen' }).click();
    await page.getByText('Zugewiesen: 1, übersprungen (bereits offen oder Ausnahme): 0.').waitFor();
    await waitUntil(async () => (await open.count()) === 2, 'the assigned cell shows open');
    // The cell's label: 'Name, Vorname, U-01: nicht zugewiesen'.
    const topicOfFree = /, ([^,]+): nicht zugewiesen$/
      .exec(freeLabel)![1]!
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const assigned = matrixRow.getByRole('button', {
      name: new RegExp(`${topicOfFree}: offen, fällig 15\\.03\\.31$`),
    });
    expect(await assigned.count()).toBe(1);

    // The exception list takes U-07 off: its open item goes.
    await page.goto(`/employee/${id}`);
    await openTab(page, 'Ausnahmeliste');
    await page.getByText('Keine Ausnahmen eingetragen.').waitFor();
    await page.getByRole('combobox', { name: 'Unterweisung' }).fill('U-07');
    await page.getByRole('option').filter({ hasText: 'U-07' }).first().click();
    await page.getByLabel('Grund').fill('Arbeitet nicht auf Leitern');
    await page.getByRole('button', { name: 'Zur Ausnahmeliste hinzufügen' }).click();
    await page.getByText('Eingetragen; 1 offene Unterweisung wurde entfernt.').waitFor();
    await page.getByRole('cell', { name: 'Arbeitet nicht auf Leitern' }).waitFor();
    await expectAccessible(page);
    await openTab(page, 'Profile');
    await waitUntil(
      async () => (await gridTotal(page, 'Unterweisungen')) === 1,
      'only the matrix item is left',
    );

    // Setting the employee inactive warns with the count of open items; after the save they are gone.
    await openTab(page, 'Stammdaten');
    await page.getByRole('tabpanel').getByRole('switch', { name: 'Aktiv' }).click();
    const confirm = page.getByRole('dialog', { name: 'Mitarbeiter deaktivieren?' });
    await confirm
      .getByText('Achtung: Beim Speichern wird 1 offene Unterweisung des Mitarbeiters entfernt.')
      .waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Deaktivieren' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Der Mitarbeiter wurde gespeichert.').waitFor();
    await openTab(page, 'Profile');
    await waitUntil(async () => (await gridTotal(page, 'Unterweisungen')) === 0, 'no open items left');
    await context.close();
  });

  it('a stale save keeps the form and saves after „Neu laden“', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/instructions/profiles');
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Neues Unterweisungsprofil' });
    await create.getByLabel('Bezeichnung').fill(`E2E Konflikt ${suffix}`);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/instructions\/profiles\/\d+$/);
    // A second tab of the same user changes the description first.
    const other = await context.newPage();
    await other.goto(page.url());
    await other.getByLabel('Beschreibung').fill('von der anderen Registerkarte');
    await other.getByRole('button', { name: 'Speichern' }).click();
    await other.getByText('Gespeichert. Neu zugewiesen: 0, offene entfernt: 0.').waitFor();
    await other.close();

    await page.getByLabel('Bezeichnung').fill(`E2E Konflikt neu ${suffix}`);
    await page.getByRole('button', { name: 'Speichern' }).click();
    const conflict = page.getByTestId('conflict-alert');
    await conflict.waitFor();
    expect(await page.getByLabel('Bezeichnung').inputValue()).toBe(`E2E Konflikt neu ${suffix}`);
    await expectAccessible(page);
    await conflict.getByRole('button', { name: 'Neu laden' }).click();
    await waitUntil(
      async () => (await page.getByLabel('Beschreibung').inputValue()) === 'von der anderen Registerkarte',
      'the newer description arrives, the edited label stays',
    );
    expect(await page.getByLabel('Bezeichnung').inputValue()).toBe(`E2E Konflikt neu ${suffix}`);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert. Neu zugewiesen: 0, offene entfernt: 0.').waitFor();
    await context.close();
  });
  it('the matrix filters by a department with its sub-departments, or the department alone', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/instructions/matrix');
    const name = `Matrixbereich ${suffix}`;
    const dep = await api<{ id: number }>(page, 'POST', 'departments', { parentId: null, name });
    const sub = await api<{ id: number }>(page, 'POST', 'departments', {
      parentId: dep.data.id,
      name: `Matrixteam ${suffix}`,
    });
    for (const [n, departmentId] of [
      [1, dep.data.id],
      [2, sub.data.id],
    ] as const) {
      const created = await api(page, 'POST', 'employee', {
        personnelNumber: `MX${suffix}${n}`,
        lastName: `Matrixfilter${suffix}`,
        firstName: `Person ${n}`,
        departmentId,
      });
      expect(created.status).toBe(201);
    }
    const range = page.getByTestId('matrix-range');
    await page.getByRole('button', { name: 'Abteilung auswählen' }).click();
    const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await picker.getByLabel('Suchen').fill(name);
    // The search also finds the sub-department (its path names the parent): choose the department itself.
    const row = picker
      .locator('[data-row-index][data-loaded="true"]')
      .filter({ hasText: name })
      .filter({ hasNotText: 'Matrixteam' });
    await row.waitFor();
    await row.click();
    await waitUntil(async () => (await range.textContent()) === '1–2 von 2', 'both employees of the branch');
    const subUnits = page.getByRole('checkbox', { name: 'Untergeordnete Einheiten einbeziehen' });
    expect(await subUnits.isChecked()).toBe(true);
    await expectAccessible(page);
    await subUnits.uncheck();
    await waitUntil(async () => (await range.textContent()) === '1–1 von 1', 'the department alone');
    await subUnits.check();
    await waitUntil(async () => (await range.textContent()) === '1–2 von 2', 'the branch again');
    await context.close();
  });
});

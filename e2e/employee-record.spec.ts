import type { APIRequestContext, Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../packages/shared/src/constants.ts';
import { expectAccessible } from './support/a11y.ts';
import { ADMIN_PASSWORD } from './support/accounts.ts';
import { gridTotal, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';
import {
  createEmployee,
  heading,
  input,
  type NewEmployee,
  nextEmployee,
  openCreateDialog,
  openEmployee,
  openTab,
  panel,
  save,
  suffix,
} from './support/employees.ts';

/** A signed-in API client on a browser context's request (CSRF cookie + header, bearer token). */
async function apiAs(request: APIRequestContext, username: string, password: string) {
  const csrf = ((await (await request.get('/api/auth/csrf')).json()) as { data: { token: string } }).data
    .token;
  const login = await request.post('/api/auth/login_local', {
    data: { username, password },
    headers: { [CSRF_HEADER]: csrf },
  });
  if (!login.ok()) throw new Error(`login ${username}: ${login.status()} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const headers = { [CSRF_HEADER]: csrf, authorization: `Bearer ${token}` };
  const send = async (method: 'get' | 'post' | 'delete', url: string, data?: unknown) => {
    const res = await request[method](url, { headers, ...(data === undefined ? {} : { data }) });
    if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
    return res.status() === 204 ? null : ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  return send;
}

describe('employee record', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates an employee, opens it from the list and edits every tab', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');

    // Required fields: the three German messages of the shared schema.
    const dialog = await openCreateDialog(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await dialog.getByText('Bitte geben Sie die Personalnummer an.').waitFor();
    await expectAccessible(page); // with the field messages
    await dialog.getByText('Bitte geben Sie den Nachnamen an.').waitFor();
    await dialog.getByText('Bitte geben Sie den Vornamen an.').waitFor();

    // The password policy is shown next to the initial password and checked while typing.
    const employee = nextEmployee('Brennecke');
    await dialog.getByLabel('Personalnummer').fill('000101'); // taken by the demo account 'sifa'
    await dialog.getByLabel('Nachname').fill(employee.lastName);
    await dialog.getByLabel('Vorname').fill(employee.firstName);
    await dialog
      .getByTestId('password-policy')
      .getByText('Länge: mindestens 10, höchstens 128 Zeichen')
      .waitFor();
    await dialog.getByLabel('Passwort').fill('kurz');
    await dialog
      .getByTestId('password-violations')
      .getByText('Das Passwort muss mindestens 10 Zeichen lang sein.')
      .waitFor();
    await dialog.getByLabel('Passwort').fill('');

    // Duplicate personnel number: the server's message at the field.
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    const duplicate = 'Die Personalnummer 000101 ist bereits vergeben. Bitte wählen Sie eine andere.';
    await dialog.getByText(duplicate).waitFor();
    const numberInput = dialog.getByLabel('Personalnummer');
    expect(await numberInput.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await numberInput.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(duplicate);
    expect(page.url()).toMatch(/\/employee\/list$/);

    // Now with a free number: the new record opens.
    await numberInput.fill(employee.number);
    await dialog.getByLabel('Benutzername').fill(`e2e.${suffix.toLowerCase()}.1`);
    await dialog.getByLabel('E-Mail').fill(`e2e.${suffix.toLowerCase()}@rheinwerk-chemie.de`);
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/employee\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText('Der Mitarbeiter wurde angelegt.').waitFor();
    await heading(page)
      .getByText(`${employee.lastName}, ${employee.firstName} (${employee.number})`, { exact: true })
      .waitFor();
    expect(await page.getByTestId('employee-status').textContent()).toBe('aktiv');
    await page.getByTestId('employee-portal').getByText('Portal: Rheinwerk Chemie GmbH').waitFor();
    expect(await page.title()).toContain('Mitarbeiter bearbeiten');

    // Back to the list; a click on the row opens the record.
    await page.getByRole('button', { name: 'Zurück', exact: true }).click();
    await page.waitForURL(/\/employee\/list$/);
    await page.getByLabel('Suchen').fill(employee.number);
    await waitUntil(async () => (await gridTotal(page, 'Mitarbeiter')) === 1, 'one employee found');
    const row = page.locator('[data-row-index="0"][data-loaded="true"]');
    expect(await row.locator('[aria-colindex="1"]').textContent()).toBe(employee.number);
    await listRows(page, 'Mitarbeiter').first().click();
    await page.waitForURL(new RegExp(`/employee/${id}$`));
    await heading(page).getByText(employee.lastName, { exact: false }).waitFor();

    // Stammdaten.
    expect(await page.getByRole('button', { name: 'Speichern' }).isDisabled()).toBe(true);
    await input(page, 'Telefon').fill('0221 4711-0');
    await input(page, 'Firma').fill('Rheinwerk Chemie GmbH');
    await input(page, 'Land').fill('DE');
    await panel(page)
      .getByRole('combobox', { name: /Sprache/ })
      .click();
    await page.getByRole('option', { name: 'Deutsch (Deutschland) (de-DE)' }).click();
    expect(await input(page, 'Abteilung').isEditable()).toBe(false); // organisation trees come later

    // Erweiterte Stammdaten: flags, dates typed as dd.mm.yyyy, personal data.
    await openTab(page, 'Erweiterte Stammdaten');
    await panel(page).getByRole('checkbox', { name: 'Leiharbeitnehmer' }).check();
    await input(page, 'Eintrittsdatum').fill('1.4.2024');
    await input(page, 'Eintrittsdatum').blur();
    expect(await input(page, 'Eintrittsdatum').inputValue()).toBe('01.04.2024');
    await input(page, 'Arbeitszeit').fill('Vollzeit, Wechselschicht');
    await panel(page)
      .getByRole('combobox', { name: /Geschlecht/ })
      .click();
    await page.getByRole('option', { name: 'weiblich' }).click();
    await input(page, 'Geburtsdatum').fill('15.03.1985');
    await input(page, 'Staatsangehörigkeit').fill('deutsch');
    await input(page, 'Straße').fill('Domstraße 1');
    await input(page, 'PLZ').fill('50667');
    await input(page, 'Wohnort').fill('Köln');
    // An impossible date: saving from another tab brings this tab back with the message.
    await input(page, 'Arbeitsverbot bis').fill('31.02.2025');

    // Krankenkasse.
    await openTab(page, 'Krankenkasse');
    await input(page, 'Name der Krankenkasse').fill('AOK Rheinland/Hamburg');
    await input(page, 'Straße').fill('Kasernenstraße 61');
    await input(page, 'PLZ').fill('40213');
    await input(page, 'Ort').fill('Düsseldorf');

    await page.getByRole('button', { name: 'Speichern' }).click();
    await waitUntil(
      async () =>
        (await page.getByRole('tab', { name: 'Erweiterte Stammdaten' }).getAttribute('aria-selected')) ===
        'true',
      'the tab with the error is shown',
    );
    await panel(page).getByText('Bitte geben Sie ein gültiges Datum ein.').waitFor();
    await input(page, 'Arbeitsverbot bis').fill('');
    await save(page);

    // Everything is stored: reload and read every tab.
    await page.reload();
    await heading(page).getByText(employee.lastName, { exact: false }).waitFor();
    expect(await input(page, 'Telefon').inputValue()).toBe('0221 4711-0');
    expect(await input(page, 'Firma').inputValue()).toBe('Rheinwerk Chemie GmbH');
    expect(await input(page, 'Land').inputValue()).toBe('DE');
    expect(
      await panel(page)
        .getByRole('combobox', { name: /Sprache/ })
        .textContent(),
    ).toBe('Deutsch (Deutschland) (de-DE)');
    await openTab(page, 'Erweiterte Stammdaten');
    expect(await panel(page).getByRole('checkbox', { name: 'Leiharbeitnehmer' }).isChecked()).toBe(true);
    expect(await input(page, 'Eintrittsdatum').inputValue()).toBe('01.04.2024');
    expect(await input(page, 'Geburtsdatum').inputValue()).toBe('15.03.1985');
    expect(await input(page, 'Arbeitsverbot bis').inputValue()).toBe('');
    expect(
      await panel(page)
        .getByRole('combobox', { name: /Geschlecht/ })
        .textContent(),
    ).toBe('weiblich');
    expect(await input(page, 'Wohnort').inputValue()).toBe('Köln');
    await openTab(page, 'Krankenkasse');
    expect(await input(page, 'Name der Krankenkasse').inputValue()).toBe('AOK Rheinland/Hamburg');
    expect(await input(page, 'Ort').inputValue()).toBe('Düsseldorf');

    // Unsaved changes: leaving asks first.
    await input(page, 'PLZ').fill('40214');
    await page.getByRole('button', { name: 'Zurück', exact: true }).click();
    const unsaved = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    await unsaved.getByRole('button', { name: 'Auf der Seite bleiben' }).click();
    await unsaved.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(new RegExp(`/employee/${id}$`));
    expect(await input(page, 'PLZ').inputValue()).toBe('40214');
    await page.getByRole('button', { name: 'Zurück', exact: true }).click();
    await unsaved.getByRole('button', { name: 'Verwerfen und verlassen' }).click();
    await page.waitForURL(/\/employee\/list$/);
    await context.close();
  });

  it('keeps everything typed on a stale-version conflict (409) and saves after reloading', async () => {
    const a = await newPage(browser);
    const b = await newPage(browser);
    await signIn(a.page, 'admin');
    await signIn(b.page, 'admin');
    const employee = nextEmployee('Konfliktmann');
    const id = await createEmployee(a.page, employee);
    await openEmployee(b.page, id, employee);

    // A saves first.
    await input(a.page, 'Telefon').fill('0221 1111');
    await save(a.page);

    // B, still on the old version, changes two tabs and saves: 409, and nothing typed is lost.
    await input(b.page, 'Firma').fill('Firma von B');
    await openTab(b.page, 'Erweiterte Stammdaten');
    await input(b.page, 'Arbeitszeit').fill('Teilzeit 50 %');
    await b.page.getByRole('button', { name: 'Speichern' }).click();
    const conflict = b.page.getByTestId('conflict-alert');
    await conflict
      .getByText('Der Datensatz wurde inzwischen von einer anderen Person geändert', { exact: false })
      .waitFor();
    expect(await input(b.page, 'Arbeitszeit').inputValue()).toBe('Teilzeit 50 %');
    await openTab(b.page, 'Stammdaten');
    expect(await input(b.page, 'Firma').inputValue()).toBe('Firma von B');
    expect(await input(b.page, 'Telefon').inputValue()).toBe('');

    // 'Neu laden': A's phone comes in, B's edits stay; saving now works.
    await conflict.getByRole('button', { name: 'Neu laden' }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(await input(b.page, 'Telefon').inputValue()).toBe('0221 1111');
    expect(await input(b.page, 'Firma').inputValue()).toBe('Firma von B');
    await openTab(b.page, 'Erweiterte Stammdaten');
    expect(await input(b.page, 'Arbeitszeit').inputValue()).toBe('Teilzeit 50 %');
    await save(b.page);

    await a.page.reload();
    await heading(a.page).getByText(employee.lastName, { exact: false }).waitFor();
    expect(await input(a.page, 'Telefon').inputValue()).toBe('0221 1111');
    expect(await input(a.page, 'Firma').inputValue()).toBe('Firma von B');
    await openTab(a.page, 'Erweiterte Stammdaten');
    expect(await input(a.page, 'Arbeitszeit').inputValue()).toBe('Teilzeit 50 %');
    await a.context.close();
    await b.context.close();
  });

  it('shows a supervisor without personal-data rights the record read-only, with the restricted groups hidden', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin');
    const employee = nextEmployee('Geheimrath');
    const id = await createEmployee(admin.page, employee);
    await openTab(admin.page, 'Erweiterte Stammdaten');
    await input(admin.page, 'Geburtsdatum').fill('02.02.1990');
    await openTab(admin.page, 'Krankenkasse');
    await input(admin.page, 'Name der Krankenkasse').fill('Techniker Krankenkasse');
    await save(admin.page);
    await admin.context.close();

    // 'fuehrung' (Führungskraft) reads basic employee data only: no edit, no personal or health rights.
    const { context, page } = await newPage(browser);
    await signIn(page, 'fuehrung', '/employee/list');
    await gridTotal(page, 'Mitarbeiter');
    expect(await page.getByRole('button', { name: 'Neu', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Filter', exact: true }).count()).toBe(0);
    expect(await page.getByTestId('employee-filter-chip').count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Status' }).count()).toBe(0);
    await page.getByLabel('Suchen').fill(employee.number);
    await waitUntil(async () => (await gridTotal(page, 'Mitarbeiter')) === 1, 'one employee found');
    await page.locator('[data-row-index="0"][data-loaded="true"]').click();
    await page.waitForURL(new RegExp(`/employee/${id}$`));
    await heading(page).getByText(employee.lastName, { exact: false }).waitFor();

    await page.getByTestId('read-only-hint').waitFor();
    expect(await page.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mitarbeiter löschen' }).count()).toBe(0);
    expect(await input(page, 'Nachname', false).isEditable()).toBe(false);
    expect(await input(page, 'Telefon').isEditable()).toBe(false);
    expect(await panel(page).getByRole('switch', { name: 'Aktiv' }).isDisabled()).toBe(true);

    await openTab(page, 'Erweiterte Stammdaten');
    await page
      .getByTestId('restricted-personal')
      .getByText('Sie haben keine Berechtigung, persönliche Daten zu sehen.')
      .waitFor();
    expect(await panel(page).getByLabel('Geburtsdatum').count()).toBe(0);
    // Without 'Erweiterte Mitarbeiterdaten lesen' the flags, dates and the chip id are not shown at all.
    await page
      .getByTestId('restricted-extended')
      .getByText('Erweiterte Mitarbeiterdaten lesen', { exact: false })
      .waitFor();
    expect(await panel(page).getByRole('checkbox', { name: 'Leiharbeitnehmer' }).count()).toBe(0);
    expect(await panel(page).getByLabel('Eintrittsdatum').count()).toBe(0);

    await openTab(page, 'Krankenkasse');
    await page
      .getByTestId('restricted-health')
      .getByText('Sie haben keine Berechtigung, Krankenkassendaten zu sehen.')
      .waitFor();
    expect(await panel(page).getByLabel('Name der Krankenkasse').count()).toBe(0);
    expect(await page.getByText('Techniker Krankenkasse').count()).toBe(0);
    await context.close();
  });

  it('sets an employee inactive after confirming (the session ends) and deletes it after confirming', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin');
    const employee: NewEmployee = {
      ...nextEmployee('Abmeldung'),
      login: `e2e.${suffix.toLowerCase()}.abmeldung`,
      password: 'Start-Passwort-2026',
    };
    const id = await createEmployee(admin.page, employee);

    // The employee signs in in another browser.
    const user = await newPage(browser);
    await signIn(user.page, { username: employee.login!, password: employee.password! });

    // Switching 'Aktiv' off asks first; cancelling leaves it on.
    const active = panel(admin.page).getByRole('switch', { name: 'Aktiv' });
    expect(await active.isChecked()).toBe(true);
    await active.click();
    const confirm = admin.page.getByRole('dialog', { name: 'Mitarbeiter deaktivieren?' });
    await confirm.getByText('Der Mitarbeiter wird abgemeldet und kann sich nicht mehr anmelden.').waitFor();
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await active.isChecked()).toBe(true);
    expect(await admin.page.getByRole('button', { name: 'Speichern' }).isDisabled()).toBe(true);

    await active.click();
    await confirm.getByRole('button', { name: 'Deaktivieren' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await active.isChecked()).toBe(false);
    await save(admin.page);
    await admin.page.getByTestId('employee-status').getByText('inaktiv').waitFor();

    // The employee's session ended: the next request sends them to the login, and signing in fails.
    await user.page.reload();
    await user.page.waitForURL(/\/login/);
    await user.page.getByLabel('Benutzername').fill(employee.login!);
    await user.page.getByLabel('Kennwort', { exact: true }).fill(employee.password!);
    await user.page.getByRole('button', { name: 'Anmelden' }).click();
    await user.page.getByText('Kein aktiver Benutzer oder Kennwort falsch!').waitFor();
    await user.context.close();

    // Delete: asks first, then back to the list; the record is gone.
    await admin.page.getByRole('button', { name: 'Mitarbeiter löschen' }).click();
    const remove = admin.page.getByRole('dialog', { name: 'Mitarbeiter löschen?' });
    await remove
      .getByText(`„${employee.lastName}, ${employee.firstName} (${employee.number})“`, { exact: false })
      .waitFor();
    await remove.getByRole('button', { name: 'Abbrechen' }).click();
    await remove.waitFor({ state: 'hidden' });
    expect(admin.page.url()).toMatch(new RegExp(`/employee/${id}$`));
    await admin.page.getByRole('button', { name: 'Mitarbeiter löschen' }).click();
    await remove.getByRole('button', { name: 'Löschen' }).click();
    await admin.page.waitForURL(/\/employee\/list$/);
    await admin.page.getByText('Der Mitarbeiter wurde gelöscht.').waitFor();
    await admin.page.goto(`/employee/${id}`);
    await admin.page.getByText('This page could not be found').waitFor();
    await admin.context.close();
  });

  it('an employee editor sees the sign-in fields of a more privileged employee read-only and gets the German refusal (decision 023)', async () => {
    const admin = await newPage(browser);
    const asAdmin = await apiAs(admin.context.request, 'admin', ADMIN_PASSWORD);
    const adminId = ((await asAdmin('get', '/api/auth/user')) as { employee: { id: number } }).employee.id;
    // An editor with only 100/101/103/108 ('Mitarbeiterdaten bearbeiten', the finding's account).
    const editorRole = (await asAdmin('post', '/api/role', {
      name: `E2E Mitarbeiterpflege ${suffix}`,
      permissions: [100, 101, 103, 108],
    })) as { id: number };
    const moreRole = (await asAdmin('post', '/api/role', {
      name: `E2E Rollenverwaltung ${suffix}`,
      permissions: [100, 125],
    })) as { id: number };
    const editorLogin = `e2e.${suffix.toLowerCase()}.pflege`;
    const editor = (await asAdmin('post', '/api/employee', {
      personnelNumber: `E2E-${suffix}-PFLEGE`,
      lastName: `Pflege ${suffix}`,
      firstName: 'Paula',
      loginName: editorLogin,
      password: 'Start-Passwort-2026',
    })) as { id: number };
    const peer = (await asAdmin('post', '/api/employee', {
      personnelNumber: `E2E-${suffix}-KOLLEGE`,
      lastName: `Kollege ${suffix}`,
      firstName: 'Konrad',
      email: 'konrad.alt@rheinwerk-chemie.de',
    })) as { id: number };
    await asAdmin('post', `/api/role/${editorRole.id}/members`, { employeeIds: [editor.id] });
    const password = 'Eigenes-Passwort-2026!';
    const user = await newPage(browser);
    const asEditor = await apiAs(user.context.request, editorLogin, 'Start-Passwort-2026');
    await asEditor('post', '/api/auth/firstLogin', {
      firstName: 'Paula',
      lastName: `Pflege ${suffix}`,
      newPassword: password,
      repeatPassword: password,
    });

    // The administrator's record: sign-in fields read-only with the explanation, other fields editable.
    await signIn(user.page, { username: editorLogin, password }, `/employee/${adminId}`);
    await user.page
      .getByTestId('sign-in-locked')
      .getByText('Dieser Mitarbeiter hat Rechte, die Sie selbst nicht haben.', { exact: false })
      .waitFor();
    for (const label of ['Benutzername', 'E-Mail', 'Temporärer Benutzername']) {
      expect(await input(user.page, label).isEditable(), label).toBe(false);
    }
    expect(await input(user.page, 'Telefon').isEditable()).toBe(true);
    expect(await panel(user.page).getByRole('switch', { name: 'Aktiv' }).isDisabled()).toBe(true);
    expect(await user.page.getByRole('button', { name: 'Passwort zurücksetzen' }).count()).toBe(0);

    // A peer is editable — until the peer gains a right the editor lacks: the save is refused in German.
    await user.page.goto(`/employee/${peer.id}`);
    await heading(user.page).getByText(`Kollege ${suffix}`, { exact: false }).waitFor();
    expect(await user.page.getByTestId('sign-in-locked').count()).toBe(0);
    const email = input(user.page, 'E-Mail');
    expect(await email.isEditable()).toBe(true);
    await asAdmin('post', `/api/role/${moreRole.id}/members`, { employeeIds: [peer.id] });
    await email.fill('konrad.neu@beispiel-gmbh.de');
    await user.page.getByRole('button', { name: 'Speichern' }).click();
    await user.page
      .getByTestId('save-error')
      .getByText(
        'Dieser Mitarbeiter hat Rechte, die Sie selbst nicht haben. Seine Anmeldedaten (Benutzername, E-Mail-Adresse, temporärer Benutzername, Chip-ID, Passwort, Aktiv) und seine Rollen können Sie nicht ändern.',
      )
      .waitFor();
    const stored = (await asAdmin('get', `/api/employee/${peer.id}`)) as { email: string };
    expect(stored.email).toBe('konrad.alt@rheinwerk-chemie.de');
    await user.context.close();

    // Clean up the roles (the employees stay, like the other employees of this spec).
    await asAdmin('delete', `/api/role/${moreRole.id}/members/${peer.id}`);
    await asAdmin('delete', `/api/role/${editorRole.id}/members/${editor.id}`);
    for (const role of [moreRole, editorRole]) {
      const { version } = (await asAdmin('get', `/api/role/${role.id}`)) as { version: number };
      await asAdmin('delete', `/api/role/${role.id}?version=${version}`);
    }
    await admin.context.close();
  });
});

import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../packages/shared/src/constants.ts';
import { expectAccessible } from './support/a11y.ts';
import { ADMIN_PASSWORD } from './support/accounts.ts';
import { drawer, launchBrowser, newPage, signIn } from './support/browser.ts';
import { pickRow } from './support/pickers.ts';

const suffix = Date.now().toString(36).toUpperCase();

/** The API as one user, through the page context's own cookies (CSRF) and a bearer token. */
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
  return async <T = { id: number }>(method: 'get' | 'post', url: string, data?: unknown): Promise<T> => {
    const res = await request[method](url, { headers, ...(data === undefined ? {} : { data }) });
    if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
    return res.status() === 204 ? (null as T) : ((await res.json()) as { data: T }).data;
  };
}

/** A day `days` from today in Berlin (YYYY-MM-DD). */
function berlinDay(days: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** Signs in through the form „Anmeldung für Betriebsärzte“. */
async function doctorLogin(page: Page, username: string, password: string) {
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Kennwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Als Betriebsarzt anmelden' }).click();
}

describe('the works doctor (decision 063)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refuses the sign-in while the module is off and while the account is not set up, then shows the doctor only their employees and check-up appointments, and lets the doctor record a check-up (072)', async () => {
    // Set-up through the API: two executing bodies, one employee's precaution with each, the doctor's account
    // with the right „Betriebsarzt-Zugang verwenden“ (1015) and a check-up appointment of each employee.
    const admin = await newPage(browser);
    const asAdmin = await apiAs(admin.context.request, 'admin', ADMIN_PASSWORD);
    const catalogue = (kind: string, name: string) =>
      asAdmin('post', `/api/occupational-medicine/catalogues/${kind}`, { name });
    const bodyNorth = `Arbeitsmedizin Nord ${suffix}`;
    const north = await catalogue('executingBody', bodyNorth);
    const south = await catalogue('executingBody', `Arbeitsmedizin Süd ${suffix}`);
    const reason = await catalogue('assessmentReason', `Lärm ${suffix}`);
    const employee = (lastName: string) =>
      asAdmin('post', '/api/employee', {
        personnelNumber: `WD-${suffix}-${lastName}`,
        lastName: `${lastName} ${suffix}`,
        firstName: 'Eva',
      });
    const mine = await employee('Nordmann');
    const other = await employee('Südmann');
    // The northern employee's precaution is due within the lead time (28 days): it is offered as the check-up
    // item „Arbeitsmedizinische Vorsorge“ (decision 064), booked below with the G20 item.
    for (const [emp, body, start] of [
      [mine, north, 10],
      [other, south, 30],
    ] as const)
      await asAdmin('post', '/api/occupational-medicine/precautions', {
        employeeId: emp.id,
        type: 'mandatory',
        reasonId: reason.id,
        executingBodyId: body.id,
        activityStart: berlinDay(start),
      });
    const role = await asAdmin('post', '/api/role', {
      name: `E2E Betriebsarzt ${suffix}`,
      permissions: [1015],
    });
    const doctorLoginName = `e2e.${suffix.toLowerCase()}.arzt`;
    const doctorLastName = `Arzt ${suffix}`;
    const doctor = await asAdmin('post', '/api/employee', {
      personnelNumber: `WD-${suffix}-ARZT`,
      lastName: doctorLastName,
      firstName: 'Dora',
      loginName: doctorLoginName,
      password: 'Start-Passwort-2026',
    });
    await asAdmin('post', `/api/role/${role.id}/members`, { employeeIds: [doctor.id] });
    const password = 'Praxis-Kennwort-2026!';
    const doctorSide = await newPage(browser);
    const asDoctor = await apiAs(doctorSide.context.request, doctorLoginName, 'Start-Passwort-2026');
    await asDoctor('post', '/api/auth/firstLogin', {
      firstName: 'Dora',
      lastName: doctorLastName,
      newPassword: password,
      repeatPassword: password,
    });
    const topic = await asAdmin('post', '/api/topics', {
      label: `G20 Lärm ${suffix}`,
      identifier: `WD-${suffix}`,
    });
    await asAdmin('post', '/api/instructions/assignments', {
      topicId: topic.id,
      employeeIds: [mine.id, other.id],
      type: 'checkup',
    });
    const locations = await asAdmin<{ nodes: { id: number }[] }>('get', '/api/locations/tree');
    const day = berlinDay(3);
    const window = await asAdmin('post', '/api/appointments/windows', {
      title: `Vorsorgesprechstunde ${suffix}`,
      locationId: locations.nodes[0]!.id,
      topicId: null,
      fromTime: '08:00',
      toTime: '12:00',
      durationMinutes: 30,
      gridMinutes: 30,
      seats: 1,
      rule: 'none',
      allowedShiftMinutes: 0,
      days: [day],
    });
    for (const [emp, start] of [
      [mine, '08:00'],
      [other, '09:00'],
    ] as const) {
      const items = await asAdmin<{ assignmentId: number }[]>(
        'get',
        `/api/appointments/bookable?employeeId=${emp.id}`,
      );
      await asAdmin('post', '/api/appointments/bookings', {
        windowId: window.id,
        date: day,
        start,
        // All of the new employee's open items: G20, and for the northern one also the check-up item.
        assignmentIds: items.map((i) => i.assignmentId),
        explicit: true,
      });
    }

    // The sign-in page leads to the works doctor's own sign-in.
    const page = doctorSide.page;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Anmeldung für Betriebsärzte' }).click();
    await page.waitForURL(/\/works-doctor\/login$/);
    await page.getByRole('heading', { name: 'Anmeldung für Betriebsärzte' }).waitFor();
    await expectAccessible(page);
    // Empty fields, a wrong password: the ordinary answers.
    await page.getByRole('button', { name: 'Als Betriebsarzt anmelden' }).click();
    await page.getByText('Bitte geben Sie Ihren Benutzernamen ein.').waitFor();
    await doctorLogin(page, doctorLoginName, 'falsch');
    await page.getByText('Kein aktiver Benutzer oder Kennwort falsch!').waitFor();
    // The module is off: „works-doctor module unavailable“.
    await doctorLogin(page, doctorLoginName, password);
    await page
      .getByRole('alert')
      .getByText('Das Betriebsarzt-Modul ist nicht verfügbar.', { exact: false })
      .waitFor();
    await expectAccessible(page);

    // The administrator switches the module on in the settings tab „Betriebsarzt“ and enters the doctor —
    // first without an executing body.
    await signIn(admin.page, 'admin', '/settings/worksDoctor');
    const region = admin.page.getByRole('region', { name: 'Betriebsarzt' });
    await region.getByLabel('Betriebsarzt-Modul aktiv (Anmeldung für Betriebsärzte möglich)').check();
    // Showing the contact data needs a name.
    await region.getByLabel('Kontaktdaten den Mitarbeitern unter „Meine Vorsorge“ anzeigen').check();
    await region.getByRole('button', { name: 'Speichern' }).click();
    await region
      .getByText('Bitte geben Sie einen Namen an, wenn die Kontaktdaten angezeigt werden.')
      .waitFor();
    await region.getByLabel('Name des Betriebsarztes oder Dienstes').fill('Dr. Dora Arzt');
    await region.getByLabel('Telefon').fill('0711 4711');
    await region.getByRole('button', { name: 'Speichern' }).click();
    await admin.page.getByText('Die Einstellungen wurden gespeichert.').waitFor();
    await expectAccessible(admin.page);
    await admin.page.getByRole('button', { name: 'Betriebsarzt hinzufügen' }).click();
    let dialog = admin.page.getByRole('dialog', { name: 'Betriebsarzt hinzufügen' });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Bitte wählen Sie einen Mitarbeiter.').first().waitFor();
    await dialog.getByRole('button', { name: 'Mitarbeiter auswählen' }).first().click();
    await pickRow(admin.page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }), `WD-${suffix}-ARZT`);
    await expectAccessible(admin.page);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const entry = admin.page.getByRole('list', { name: 'Betriebsärzte' }).getByRole('button', {
      name: new RegExp(doctorLastName),
    });
    await entry.getByText('Keine aktive Stelle').waitFor();

    // Without an executing body: „invalid works-doctor login“.
    await doctorLogin(page, doctorLoginName, password);
    await page.getByRole('alert').getByText('Ungültige Betriebsarzt-Anmeldung', { exact: false }).waitFor();

    // The administrator gives the doctor the northern body.
    await entry.click();
    dialog = admin.page.getByRole('dialog', { name: 'Betriebsarzt bearbeiten' });
    await dialog.getByRole('combobox', { name: 'Durchführende Stellen' }).click();
    await admin.page.getByRole('option', { name: bodyNorth, exact: true }).click();
    await admin.page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await entry.getByText(bodyNorth).waitFor();
    expect(await entry.getByText('Keine aktive Stelle').count()).toBe(0);

    // Signed in, the doctor sees only the employee of their body, and only that employee's appointment.
    await doctorLogin(page, doctorLoginName, password);
    await page.waitForURL(/\/works-doctor$/);
    await page.getByText(`bei Ihren durchführenden Stellen liegt (${bodyNorth})`, { exact: false }).waitFor();
    const card = page.getByRole('region', { name: `Nordmann ${suffix}, Eva` });
    await card.getByText(`Pflichtvorsorge – Lärm ${suffix}`).waitFor();
    await card.getByText('Noch keine Vorsorge erfasst', { exact: false }).waitFor();
    expect(await page.getByText(`Südmann ${suffix}`).count()).toBe(0);
    await expectAccessible(page);
    // The menu offers the doctor nothing else.
    const links = await drawer(page).getByRole('link').allTextContents();
    expect(links.filter((l) => /Vorsorge|Mitarbeiter|Einstellungen|Termin/.test(l))).toEqual([]);
    expect(links).toContain('Betriebsarzt');
    await page.getByRole('tab', { name: 'Termine' }).click();
    const list = page.getByRole('list', { name: 'Termine' });
    // The end depends on the appointment settings' safety overhead (appointments.spec sets 10 % in the same database).
    await list.getByText(new RegExp(`08:00–\\d\\d:\\d\\d · Nordmann ${suffix}, Eva`)).waitFor();
    await list.getByText(`Vorsorgesprechstunde ${suffix}`, { exact: false }).waitFor();
    expect(await list.getByText(`Südmann ${suffix}`).count()).toBe(0);
    // Bad input: „Bis“ before „Von“.
    await page.getByLabel('Bis').fill(berlinDay(-5));
    await page.getByText('„Bis“ darf nicht vor „Von“ liegen.').waitFor();
    await expectAccessible(page);
    // The other employee's record is not the doctor's: the server refuses it.
    const refused = await doctorSide.context.request.get(`/api/works-doctor/employees/${other.id}`, {
      headers: {
        authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('schutzwerk.token'))}`,
      },
    });
    expect(refused.status()).toBe(404);

    // The doctor records the check-up from the employee card (decision 072): date and assessment kind only.
    await page.getByRole('tab', { name: 'Mitarbeiter' }).click();
    await card
      .getByRole('button', { name: `Vorsorge dokumentieren: Pflichtvorsorge – Lärm ${suffix}` })
      .click();
    const checkup = page.getByRole('dialog', { name: `Vorsorge dokumentieren: Nordmann ${suffix}, Eva` });
    // Bad input: nothing filled in, then a day in the future.
    await checkup.getByRole('button', { name: 'Speichern' }).click();
    await checkup.getByText('Bitte wählen Sie die Art der Beurteilung.').first().waitFor();
    await checkup.getByText('Bitte geben Sie ein gültiges Datum an.').first().waitFor();
    await expectAccessible(page);
    await checkup.getByLabel('Datum der Vorsorge').fill(berlinDay(2));
    await checkup.getByRole('combobox', { name: 'Art der Beurteilung' }).click();
    await page.getByRole('option', { name: 'Keine Bedenken unter Voraussetzungen', exact: true }).click();
    await checkup.getByRole('button', { name: 'Speichern' }).click();
    await checkup.getByText('Das Datum liegt in der Zukunft.').first().waitFor();
    await checkup.getByLabel('Datum der Vorsorge').fill(berlinDay(0));
    await checkup.getByRole('button', { name: 'Speichern' }).click();
    await checkup.waitFor({ state: 'hidden' });
    await card.getByText('Keine Bedenken unter Voraussetzungen', { exact: false }).waitFor();
    expect(await card.getByText('Noch keine Vorsorge erfasst', { exact: false }).count()).toBe(0);
    // The booked appointment took place: „Erledigt“ in the doctor's appointments.
    await page.getByRole('tab', { name: 'Termine' }).click();
    const done = page
      .getByRole('list', { name: 'Termine' })
      .getByRole('listitem')
      .filter({ hasText: `Nordmann ${suffix}, Eva` });
    await done.getByText('Erledigt').waitFor();
    await expectAccessible(page);

    // On a phone (390 px) the doctor's list stays usable.
    const phone = await newPage(browser, { phone: true });
    await signIn(phone.page, { username: doctorLoginName, password }, '/works-doctor');
    await phone.page.getByRole('region', { name: `Nordmann ${suffix}, Eva` }).waitFor();
    await expectAccessible(phone.page);
    await phone.context.close();

    // Switched off again, an open session of the doctor gets the module message.
    await signIn(admin.page, 'admin', '/settings/worksDoctor');
    await region.getByLabel('Betriebsarzt-Modul aktiv (Anmeldung für Betriebsärzte möglich)').uncheck();
    await region.getByRole('button', { name: 'Speichern' }).click();
    await admin.page.getByText('Die Einstellungen wurden gespeichert.').waitFor();
    await page.reload();
    await page
      .getByRole('alert')
      .getByText('Das Betriebsarzt-Modul ist nicht verfügbar.', { exact: false })
      .waitFor();
    await doctorSide.context.close();
    await admin.context.close();
  }, 240_000);
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage } from './support/browser.ts';
import { createEmployee, type NewEmployee, nextEmployee, suffix } from './support/employees.ts';

const LOST_PASSWORD_ANSWER =
  'Falls zu diesem Benutzernamen ein aktives Konto mit E-Mail-Adresse gehört, erhalten Sie in Kürze eine E-Mail mit einem neuen Passwort. Es ist 2 Stunden gültig.';

describe('password policy, first login, lost password', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an employee with an initial password completes the first-login dialog before anything else', async () => {
    const admin = await newPage(browser);
    await login(admin.page, 'admin');
    const employee: NewEmployee = {
      ...nextEmployee('Erstanmeldung'),
      login: `e2e.${suffix.toLowerCase()}.erst`,
      password: 'Start-Kennwort-2026!',
    };
    await createEmployee(admin.page, employee);
    await admin.context.close();

    const { context, page } = await newPage(browser);
    await login(page, { username: employee.login!, password: employee.password! });
    const dialog = page.getByRole('dialog', { name: 'Erste Anmeldung' });
    await dialog.waitFor();
    // The rest of the app is not there: no main menu behind the dialog.
    expect(await page.getByRole('navigation', { name: 'Hauptmenü' }).count()).toBe(0);
    // Names are prefilled and required.
    expect(await dialog.getByLabel('Vorname').inputValue()).toBe(employee.firstName);
    expect(await dialog.getByLabel('Nachname').inputValue()).toBe(employee.lastName);
    await dialog.getByLabel('Vorname').fill('');
    await dialog.getByLabel('Nachname').focus();
    await dialog.getByText('Bitte geben Sie Ihren Vornamen ein.').waitFor();
    await dialog.getByLabel('Vorname').fill('Erika');

    // The policy is shown and checked while typing.
    await dialog
      .getByTestId('password-policy')
      .getByText('Länge: mindestens 10, höchstens 128 Zeichen')
      .waitFor();
    const next = dialog.getByLabel('Neues Passwort', { exact: true });
    const repeat = dialog.getByLabel('Neues Passwort wiederholen');
    await next.fill('einfach');
    await dialog
      .getByTestId('password-violations')
      .getByText('Das Passwort muss mindestens 1 Großbuchstaben enthalten.')
      .waitFor();
    await next.fill('Eigenes-Kennwort-2026!');
    await dialog.getByText('Die Passwortrichtlinie ist erfüllt.').waitFor();

    // The two entries must match (spec text).
    await repeat.fill('Eigenes-Kennwort-2027!');
    await next.focus();
    await dialog.getByText('Die Passwörter stimmen nicht überein!').waitFor();
    await dialog.getByRole('button', { name: 'Speichern und fortfahren' }).click();
    expect(await dialog.isVisible()).toBe(true);

    await repeat.fill('Eigenes-Kennwort-2026!');
    await dialog.getByRole('button', { name: 'Speichern und fortfahren' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Ihr Passwort wurde gespeichert.').waitFor();
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
    await context.close();

    // The new password signs in without the dialog.
    const again = await newPage(browser);
    await login(again.page, { username: employee.login!, password: 'Eigenes-Kennwort-2026!' });
    await again.page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
    expect(await again.page.getByRole('dialog', { name: 'Erste Anmeldung' }).count()).toBe(0);
    await again.context.close();
  });

  it('lost password: a link on the login page, a required user name and one answer for everyone', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.waitForURL((url) => url.pathname === '/lost-password');
    await page.getByRole('heading', { name: 'Passwort vergessen' }).waitFor();
    await page.getByRole('button', { name: 'Neues Passwort anfordern' }).click();
    await page.getByText('Bitte geben Sie Ihren Benutzernamen ein.').waitFor();
    await page.getByLabel('Benutzername').fill(`niemand.${suffix.toLowerCase()}`);
    await page.getByRole('button', { name: 'Neues Passwort anfordern' }).click();
    await page.getByRole('status').getByText(LOST_PASSWORD_ANSWER).waitFor();
    await page.getByRole('link', { name: 'Zurück zur Anmeldung' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('the security tab checks the policy values and saves', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin');
    await page.goto('/settings/security');
    await page.getByRole('tab', { name: 'Sicherheit' }).waitFor();
    const min = page.getByLabel('Mindestlänge');
    const max = page.getByLabel('Höchstlänge');
    expect(await min.inputValue()).toBe('10');
    await min.fill('200');
    await page.getByText('Mindestlänge: Bitte geben Sie eine ganze Zahl von 4 bis 128 ein.').waitFor();
    await min.fill('40');
    await max.fill('20');
    await page.getByText('Die Mindestlänge darf nicht größer als die Höchstlänge sein.').waitFor();
    await min.fill('10');
    await max.fill('128');
    const absolute = page.getByLabel('Höchstdauer einer Sitzung (Stunden)');
    await absolute.fill('24');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Einstellungen wurden gespeichert.').waitFor();
    await page.reload();
    await absolute.waitFor();
    expect(await absolute.inputValue()).toBe('24');
    // Back to the server's value.
    await absolute.fill('');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Einstellungen wurden gespeichert.').first().waitFor();
    await context.close();
  });
});

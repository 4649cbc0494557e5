import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage } from './support/browser.ts';
import { createEmployee, type NewEmployee, nextEmployee, suffix } from './support/employees.ts';

describe('Passwort zurücksetzen (employee record)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a generated password once; it signs in and asks for an own password; the old one is void', async () => {
    const admin = await newPage(browser);
    await login(admin.page, 'admin');
    const employee: NewEmployee = {
      ...nextEmployee('Zurücksetzen'),
      login: `e2e.${suffix.toLowerCase()}.reset`,
      password: 'Start-Kennwort-2026!',
    };
    await createEmployee(admin.page, employee);

    await admin.page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Passwort zurücksetzen' });
    // No e-mail address: only the handover in person is possible.
    expect(
      await dialog
        .getByRole('radio', { name: /Per E-Mail senden \(keine E-Mail-Adresse hinterlegt\)/ })
        .isDisabled(),
    ).toBe(true);
    expect(
      await dialog.getByRole('radio', { name: 'Jetzt anzeigen und persönlich übergeben' }).isChecked(),
    ).toBe(true);
    await dialog.getByRole('button', { name: 'Zurücksetzen' }).click();
    const generated = (await dialog.getByTestId('generated-password').textContent())?.trim() ?? '';
    expect(generated.length).toBeGreaterThanOrEqual(10);
    await dialog.getByText(/Gültig bis \d{2}\.\d{2}\.\d{2} \d{2}:\d{2} Uhr\./).waitFor();
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await admin.page.getByText('Das Passwort wurde zurückgesetzt.').waitFor();
    await admin.context.close();

    // The old password no longer signs in.
    const old = await newPage(browser);
    await old.page.goto('/login');
    await old.page.getByLabel('Benutzername').fill(employee.login!);
    await old.page.getByLabel('Kennwort', { exact: true }).fill(employee.password!);
    await old.page.getByRole('button', { name: 'Anmelden' }).click();
    await old.page.getByText('Kein aktiver Benutzer oder Kennwort falsch!').waitFor();
    await old.context.close();

    // The generated one does, and the first-login dialog asks for an own password.
    const fresh = await newPage(browser);
    await login(fresh.page, { username: employee.login!, password: generated });
    await fresh.page.getByRole('dialog', { name: 'Erste Anmeldung' }).waitFor();
    await fresh.context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { launchBrowser, login, newPage } from './support/browser.ts';

// A dedicated demo account; the password is restored at the end so other specs keep working.
const ACCOUNT = ACCOUNTS.sifa;
const NEW_PASSWORD = 'Neu-Kennwort-2026!';

function dialog(page: Page) {
  return page.getByRole('dialog', { name: 'Passwort ändern' });
}

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await dialog(page).waitFor();
  return dialog(page);
}

async function changePassword(page: Page, current: string, next: string) {
  const d = await openDialog(page);
  await d.getByLabel('Aktuelles Passwort').fill(current);
  await d.getByLabel('Neues Passwort', { exact: true }).fill(next);
  await d.getByLabel('Neues Passwort wiederholen').fill(next);
  await d.getByRole('button', { name: 'Passwort ändern' }).click();
  await page.getByText('Ihr Passwort wurde geändert.').waitFor();
  await d.waitFor({ state: 'hidden' });
}

describe('change password', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('validates with the four spec messages, reports a wrong current password, then changes it', async () => {
    const { context, page } = await newPage(browser);
    await login(page, ACCOUNT);
    const d = await openDialog(page);
    const current = d.getByLabel('Aktuelles Passwort');
    const next = d.getByLabel('Neues Passwort', { exact: true });
    const repeat = d.getByLabel('Neues Passwort wiederholen');
    const submit = d.getByRole('button', { name: 'Passwort ändern' });

    // Empty form: submit disabled; leaving each field empty names the rule.
    expect(await submit.isDisabled()).toBe(true);
    await current.focus();
    await next.focus();
    await d.getByText('Das aktuelle Passwort muss angegeben werden.').waitFor();
    await repeat.focus();
    await d.getByText('Ein neues Passwort muss angegeben werden.').waitFor();
    await current.focus();
    await d.getByText('Das neue Passwort muss wiederholt werden.').waitFor();

    // Mismatch.
    await current.fill(ACCOUNT.password);
    await next.fill(NEW_PASSWORD);
    await repeat.fill(`${NEW_PASSWORD}x`);
    await d.getByText('Die neuen Passwörter stimmen nicht überein.').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await repeat.fill(NEW_PASSWORD);
    await d.getByText('Die neuen Passwörter stimmen nicht überein.').waitFor({ state: 'detached' });
    expect(await submit.isEnabled()).toBe(true);

    // The fields are cleared when the dialog closes and opens again.
    await d.getByRole('button', { name: 'Abbrechen' }).click();
    await d.waitFor({ state: 'hidden' });
    const again = await openDialog(page);
    expect(await again.getByLabel('Aktuelles Passwort').inputValue()).toBe('');
    expect(await again.getByLabel('Neues Passwort', { exact: true }).inputValue()).toBe('');
    expect(await again.getByLabel('Neues Passwort wiederholen').inputValue()).toBe('');

    // Wrong current password: the server's message shows in the dialog, which stays open.
    await again.getByLabel('Aktuelles Passwort').fill('nicht-das-richtige');
    await again.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
    await again.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
    await again.getByRole('button', { name: 'Passwort ändern' }).click();
    await again.getByRole('alert').getByText('Das aktuelle Passwort ist falsch', { exact: false }).waitFor();

    // Same password as before.
    await again.getByLabel('Aktuelles Passwort').fill(ACCOUNT.password);
    await again.getByLabel('Neues Passwort', { exact: true }).fill(ACCOUNT.password);
    await again.getByLabel('Neues Passwort wiederholen').fill(ACCOUNT.password);
    await again.getByRole('button', { name: 'Passwort ändern' }).click();
    await again
      .getByRole('alert')
      .getByText('muss sich vom aktuellen Passwort unterscheiden', { exact: false })
      .waitFor();
    await again.getByRole('button', { name: 'Abbrechen' }).click();
    await again.waitFor({ state: 'hidden' });

    // Success closes the dialog with a confirmation.
    await changePassword(page, ACCOUNT.password, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // The old password no longer works, the new one does.
    await page.getByLabel('Benutzername').fill(ACCOUNT.username);
    await page.getByLabel('Kennwort', { exact: true }).fill(ACCOUNT.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText('Kein aktiver Benutzer oder Kennwort falsch!').waitFor();
    await login(page, { username: ACCOUNT.username, password: NEW_PASSWORD });
    expect(new URL(page.url()).pathname).toBe('/');

    // Restore the demo password.
    await changePassword(page, NEW_PASSWORD, ACCOUNT.password);
    await context.close();

    const check = await newPage(browser);
    await login(check.page, ACCOUNT);
    await check.context.close();
  });

  it('stays open while the request runs, names only the missing new password, and shows the policy', async () => {
    const { context, page } = await newPage(browser);
    await login(page, ACCOUNT);
    const d = await openDialog(page);
    const current = d.getByLabel('Aktuelles Passwort');
    const next = d.getByLabel('Neues Passwort', { exact: true });
    const repeat = d.getByLabel('Neues Passwort wiederholen');

    // The policy of the security settings is shown before anything is typed (spec modules.md §5).
    const policy = d.getByTestId('password-policy');
    await policy.getByText('Länge: mindestens 10, höchstens 128 Zeichen').waitFor();
    await policy.getByText('Großbuchstaben: mindestens 1').waitFor();
    await policy.getByText('Zulässige Sonderzeichen:', { exact: false }).waitFor();

    // Clearing the new password after the repetition: only 'required' on the new field, no mismatch.
    await next.fill('abcdefgh');
    await repeat.fill('abcdefgh');
    await next.fill('');
    await d.getByText('Ein neues Passwort muss angegeben werden.').waitFor();
    expect(await d.getByText('Die neuen Passwörter stimmen nicht überein.').count()).toBe(0);

    // Too short: the server's message; the dialog cannot be closed while the request runs.
    await page.route('**/api/auth/changePassword', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await current.fill(ACCOUNT.password);
    await next.fill('kurz1');
    await repeat.fill('kurz1');
    // The live check names what is missing while typing.
    const violations = d.getByTestId('password-violations');
    await violations.getByText('Das Passwort muss mindestens 10 Zeichen lang sein.').waitFor();
    await violations.getByText('Das Passwort muss mindestens 1 Großbuchstaben enthalten.').waitFor();
    await d.getByRole('button', { name: 'Passwort ändern' }).click();
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5); // the backdrop
    await page.waitForTimeout(300);
    expect(await d.isVisible()).toBe(true);
    // The server's answer names the violations as well.
    await d
      .getByRole('alert')
      .getByText('Das Passwort muss mindestens 10 Zeichen lang sein.', { exact: false })
      .waitFor();
    expect(await next.getAttribute('aria-invalid')).toBe('true');
    await page.unroute('**/api/auth/changePassword');

    // Afterwards Escape closes it again.
    await page.keyboard.press('Escape');
    await d.waitFor({ state: 'hidden' });
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { drawer, launchBrowser, login, newPage, waitUntil } from './support/browser.ts';

describe('sign-in, session and logout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a guest to /login, remembers the page and returns there after sign-in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/employee/list');
    await page.waitForURL(/\/login\?redirect=%2Femployee%2Flist$/);
    // The dark login layout has no navigation.
    expect(await drawer(page).count()).toBe(0);
    await waitUntil(async () => (await page.title()) === 'Anmeldung – Schutzwerk', 'login page title');

    await login(page, 'admin');
    await page.waitForURL(/\/employee\/list$/);
    await page.getByRole('grid', { name: 'Mitarbeiter' }).waitFor();
    await waitUntil(async () => (await page.title()) === 'Mitarbeiter – Schutzwerk', 'employee list title');

    // The drawer shows 'Nachname, Vorname (Personalnr)'.
    expect(await page.getByTestId('drawer-employee-name').textContent()).toBe(
      'Administrator, System (000001)',
    );

    // The token survives a reload.
    expect(await page.evaluate(() => localStorage.getItem('schutzwerk.token'))).toBeTruthy();
    await page.reload();
    await page.getByRole('grid', { name: 'Mitarbeiter' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/employee/list');

    // /login is a guest page: a signed-in user is sent home.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Willkommen, System Administrator!').waitFor();
    await context.close();
  });

  it('shows the spec message for a wrong password and keeps the user on /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Benutzername').fill(ACCOUNTS.fuehrung.username);
    await page.getByLabel('Kennwort', { exact: true }).fill('falsches-Kennwort');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Kein aktiver Benutzer oder Kennwort falsch!' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Kein aktiver Benutzer oder Kennwort falsch!');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('schutzwerk.token'))).toBeNull();

    // The password field is emptied and focused for the next attempt; typing hides the old message.
    const password = page.getByLabel('Kennwort', { exact: true });
    await waitUntil(
      () => password.evaluate((element) => document.activeElement === element),
      'password field focused',
    );
    expect(await password.inputValue()).toBe('');
    await page.keyboard.type('x');
    await alert.waitFor({ state: 'detached' });

    // Unknown users get the same answer.
    await page.getByLabel('Benutzername').fill('gibt-es-nicht');
    await page.getByLabel('Kennwort', { exact: true }).fill('egal-was-1');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await alert.waitFor();
    await context.close();
  });

  it('logs out: the session ends on the server and locally, the user lands on /login', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'fuehrung');
    const token = await page.evaluate(() => localStorage.getItem('schutzwerk.token'));
    expect(token).toBeTruthy();

    await drawer(page).waitFor();
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    expect(await page.evaluate(() => localStorage.getItem('schutzwerk.token'))).toBeNull();

    // The old token no longer works on the server.
    const status = await page.evaluate(async (old) => {
      const response = await fetch('/api/auth/user', { headers: { Authorization: `Bearer ${old}` } });
      return response.status;
    }, token);
    expect(status).toBe(401);

    // Protected pages are closed again.
    await page.goto('/role/list');
    await page.waitForURL(/\/login\?redirect=%2Frole%2Flist$/);
    await context.close();
  });

  it('forgets the stored list searches and filters on logout, so the next user starts clean', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin');
    await page.goto('/role/list');
    await page.getByRole('grid', { name: 'Rollen' }).waitFor();
    await page.getByLabel('Suchen').fill('Sicherheit');
    await waitUntil(
      async () => (await page.evaluate(() => sessionStorage.getItem('/role/list--search'))) === 'Sicherheit',
      'search stored',
    );
    await page.getByRole('columnheader', { name: 'Mitarbeiter' }).getByRole('button').click();
    await waitUntil(
      async () => (await page.evaluate(() => sessionStorage.getItem('/role/list'))) !== null,
      'sort stored',
    );
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem('/role/list'),
        sessionStorage.getItem('/role/list--search'),
      ]),
    ).toEqual([null, null]);

    await login(page, 'admin');
    await page.goto('/role/list');
    await page.getByRole('grid', { name: 'Rollen' }).waitFor();
    expect(await page.getByLabel('Suchen').inputValue()).toBe('');
    await context.close();
  });

  it('sends the user to /login when the session ends mid-session (401)', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin');
    await page.goto('/employee/list');
    await page.getByRole('grid', { name: 'Mitarbeiter' }).waitFor();
    // Another tab logs out with the same token.
    await page.evaluate(async () => {
      const token = localStorage.getItem('schutzwerk.token');
      const csrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
      await fetch('/api/auth/logout', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'X-XSRF-TOKEN': decodeURIComponent(csrf),
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
    });
    // The next API call answers 401: the app notices and asks for a new sign-in, remembering the page.
    // (A background refetch may notice first and leave the page before the search is typed.)
    await page
      .getByLabel('Suchen')
      .fill('Meier', { timeout: 3_000 })
      .catch(() => undefined);
    await page.waitForURL(/\/login\?redirect=%2Femployee%2Flist$/, { timeout: 10_000 });
    await page.getByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.').waitFor();
    await context.close();
  });

  it('shows the version dialog with the product version', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'mitarbeiter');
    await page.getByRole('button', { name: 'Versionsinformationen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Versionsinformationen' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('product-version').textContent()).toBe('07.08.23-beta');
    expect(await dialog.textContent()).toContain('Schutzwerk');
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawer, gridTotal, launchBrowser, newPage, signIn } from './support/browser.ts';

describe('error pages and permissions', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the 404 page with the spec sentence and a link home', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/gibt/es/nicht');
    await page.getByText('This page could not be found').waitFor();
    expect(await page.getByTestId('error-status').textContent()).toBe('404');
    // Signed in, it shows inside the main layout like any missing record.
    await drawer(page).getByRole('link', { name: 'Rollen' }).waitFor();
    expect(await page.getByTestId('toolbar-title').textContent()).toBe('Fehler 404 – Schutzwerk');
    await page.getByText('Die aufgerufene Adresse gibt es nicht.').waitFor();
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(/^Willkommen/).waitFor();
    await context.close();
  });

  it('shows the 404 page for an unknown route without a session too', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/nirgendwo');
    expect(response?.status()).toBe(200); // SPA fallback; the app renders the 404 page
    await page.getByText('This page could not be found').waitFor();
    expect(await drawer(page).count()).toBe(0);
    await context.close();
  });

  it("opens the role list for '/role' and '/role/', and names a missing role", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    for (const path of ['/role', '/role/']) {
      await page.goto(path);
      await page.waitForURL(/\/role\/list$/);
      await page.getByRole('grid', { name: 'Rollen' }).waitFor();
    }
    await page.goto('/role/999999');
    await page.getByText('This page could not be found').waitFor();
    await page.getByText('Die Rolle wurde nicht gefunden.').waitFor();
    expect(await page.getByText('Die aufgerufene Adresse gibt es nicht.').count()).toBe(0);
    await drawer(page).getByRole('link', { name: 'Rollen' }).waitFor();
    await page.getByRole('link', { name: 'Zur Rollenliste' }).click();
    await page.waitForURL(/\/role\/list$/);
    await context.close();
  });

  it('shows only the error and a retry when a list fails to load, and retries by itself once back online', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.route('**/api/role/list**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'INTERNAL', message: 'Es ist ein interner Fehler aufgetreten.' },
        }),
      }),
    );
    await page.goto('/role/list');
    const failure = page.getByTestId('list-error');
    await failure.getByText('Die Liste konnte nicht geladen werden.', { exact: false }).waitFor();
    expect(await page.getByText('Leider keine Daten gefunden').count()).toBe(0);
    expect((await page.getByTestId('list-count').textContent())?.trim()).toBe('');
    await page.unroute('**/api/role/list**');
    await failure.getByRole('button', { name: 'Erneut versuchen' }).click();
    expect(await gridTotal(page, 'Rollen')).toBeGreaterThan(0);

    // Offline: the search fails; back online, the list loads without a click.
    await context.setOffline(true);
    await page.getByLabel('Suchen').fill('Mitarbeiter');
    await failure
      .getByText(
        'Keine Verbindung zum Server. Bitte versuchen Sie es erneut, sobald Sie wieder online sind.',
        {
          exact: false,
        },
      )
      .waitFor();
    await context.setOffline(false);
    await failure.waitFor({ state: 'detached' });
    expect(await gridTotal(page, 'Rollen')).toBeGreaterThan(0);
    await context.close();
  });

  it('shows the menu by permission: the administrator sees Rollen, the employee does not', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin');
    const adminMenu = drawer(admin.page);
    await adminMenu.getByRole('link', { name: 'Rollen' }).waitFor();
    expect(await adminMenu.getByRole('link', { name: 'Mitarbeiter' }).count()).toBe(1);
    // Entries appear once their module exists (never stubbed): Orte and Eigenschaften since issue 3,
    // Checklisten and Fragebogentypen since issue 19 (decision 058); the menu-entries unit test keeps the list.
    expect(await adminMenu.getByRole('link', { name: 'Orte' }).count()).toBe(1);
    expect(await adminMenu.getByRole('link', { name: 'Eigenschaften' }).count()).toBe(1);
    expect(await adminMenu.getByRole('link', { name: 'Checklisten' }).count()).toBe(1);
    expect(await adminMenu.getByRole('link', { name: 'Fragebogentypen' }).count()).toBe(1);
    await admin.context.close();

    const employee = await newPage(browser);
    await signIn(employee.page, 'mitarbeiter');
    const employeeMenu = drawer(employee.page);
    await employeeMenu.getByRole('link', { name: 'Startseite' }).waitFor();
    expect(await employeeMenu.getByRole('link', { name: 'Rollen' }).count()).toBe(0);
    expect(await employeeMenu.getByRole('link', { name: 'Mitarbeiter' }).count()).toBe(0);
    await employee.context.close();
  });

  it("answers 'Keine Berechtigung.' (403) when the employee opens the role list", async () => {
    const { context, page } = await newPage(browser);
    let roleListRequested = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/role/list')) roleListRequested = true;
    });
    await signIn(page, 'mitarbeiter', '/role/list');
    await page.getByText('Keine Berechtigung.').waitFor();
    expect(await page.getByTestId('error-status').textContent()).toBe('403');
    // The page itself was not rendered: its list was never asked for.
    expect(roleListRequested).toBe(false);
    expect(await page.getByRole('grid').count()).toBe(0);
    await context.close();
  });

  it("shows 'Keine Berechtigung.' when the API answers 403 to a page's data", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.route('**/api/role/1', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'NO_PERMISSION', message: 'Keine Berechtigung.' } }),
      }),
    );
    await page.goto('/role/1');
    await page.getByText('Keine Berechtigung.').waitFor();
    expect(await page.getByTestId('error-status').textContent()).toBe('403');
    // The shell stays usable.
    await drawer(page).getByRole('link', { name: 'Mitarbeiter' }).click();
    await page.getByRole('grid', { name: 'Mitarbeiter' }).waitFor();
    await context.close();
  });
});

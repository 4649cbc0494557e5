import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawer, gridTotal, launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';

describe('application shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the progress bar only for requests longer than 200 ms and hides it afterwards', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/role/list');
    await gridTotal(page, 'Rollen');
    const bar = page.getByTestId('progress-bar');
    expect(await bar.count()).toBe(0);

    // A slow answer (1.5 s): the bar appears, then disappears shortly after the answer.
    await page.route('**/api/employee/list**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await drawer(page).getByRole('link', { name: 'Mitarbeiter' }).click();
    await bar.waitFor({ timeout: 1500 });
    await gridTotal(page, 'Mitarbeiter');
    await bar.waitFor({ state: 'detached', timeout: 3000 });
    await page.unroute('**/api/employee/list**');

    // A fast answer never shows it.
    let seen = false;
    const watcher = setInterval(() => {
      void bar.count().then((n) => {
        if (n > 0) seen = true;
      });
    }, 20);
    await page.getByLabel('Suchen').fill('Schmidt');
    await waitUntil(async () => (await page.getByLabel('Suchen').inputValue()) === 'Schmidt', 'typed');
    await page.waitForTimeout(1200);
    clearInterval(watcher);
    expect(seen).toBe(false);
    await context.close();
  });

  it('shows a clear banner while the browser is offline', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'mitarbeiter');
    const banner = page.getByTestId('offline-banner');
    expect(await banner.count()).toBe(0);
    await context.setOffline(true);
    await banner.getByText('Keine Verbindung zum Server – Sie sind offline.').waitFor();
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the product logo in the toolbar only in app mode (installed, display-mode standalone)', async () => {
    const { context, page } = await newPage(browser);
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    expect((await manifest.json()) as { display: string }).toMatchObject({ display: 'standalone' });
    await signIn(page, 'mitarbeiter');
    await page.getByTestId('toolbar-title').waitFor();
    expect(await page.getByTestId('app-mode-logo').count()).toBe(0);
    await context.close();

    // An installed app reports display-mode standalone; Chromium cannot emulate it, so the media query is.
    const app = await newPage(browser);
    await app.page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query === '(display-mode: standalone)'
          ? ({
              matches: true,
              media: query,
              onchange: null,
              addEventListener: () => {},
              removeEventListener: () => {},
              addListener: () => {},
              removeListener: () => {},
              dispatchEvent: () => false,
            } as MediaQueryList)
          : original(query);
    });
    await signIn(app.page, 'mitarbeiter');
    await app.page.getByTestId('app-mode-logo').waitFor();
    await app.context.close();
  });

  it('shows the memory display in debug mode (?debug=1), refreshed every second, until ?debug=0', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'mitarbeiter');
    const display = page.getByTestId('memory-display');
    expect(await display.count()).toBe(0);
    await page.goto('/?debug=1');
    await display.waitFor();
    expect(await display.textContent()).toMatch(/^JS-Speicher: \d[\d.]* von \d[\d.]* MB$/);
    // Remembered in this browser after a reload without the flag.
    await page.goto('/');
    await display.waitFor();
    // The value is read again every 1000 ms (count the reads).
    await page.evaluate(() => {
      const w = window as Window & { __reads?: number };
      w.__reads = 0;
      const perf = performance as Performance & { memory?: unknown };
      const real = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(perf), 'memory');
      Object.defineProperty(perf, 'memory', {
        configurable: true,
        get() {
          w.__reads = (w.__reads ?? 0) + 1;
          return real?.get?.call(perf);
        },
      });
    });
    await page.waitForTimeout(2600);
    const reads = await page.evaluate(() => (window as Window & { __reads?: number }).__reads ?? 0);
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(reads).toBeLessThanOrEqual(4);
    await page.goto('/?debug=0');
    await page.getByTestId('toolbar-title').waitFor();
    expect(await display.count()).toBe(0);
    await context.close();
  });

  it('shows every area on the start page and in the menu with its own icon and a one-line description', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const tiles = page.locator('#main-content').getByRole('list', { name: 'Hauptmenü' }).getByRole('link');
    await tiles.first().waitFor();
    const shown = await tiles.evaluateAll((links) =>
      links.map((link) => ({
        href: link.getAttribute('href'),
        // The icon's drawing (MUI's data-testid with the icon's name exists in development builds only).
        icon: link.querySelector('svg')?.innerHTML ?? '',
        description: link.querySelector('[data-testid="tile-description"]')?.textContent ?? '',
      })),
    );
    // The administrator sees every area that exists (all 36 menu entries).
    expect(shown).toHaveLength(36);
    expect(new Set(shown.map((tile) => tile.icon)).size).toBe(shown.length);
    expect(new Set(shown.map((tile) => tile.description)).size).toBe(shown.length);
    for (const tile of shown) {
      expect(tile.description, tile.href ?? '').not.toBe('Bereich öffnen');
      expect(tile.description.length, tile.href ?? '').toBeGreaterThanOrEqual(25);
    }
    expect(shown.find((tile) => tile.href === '/employee/list')?.description).toBe(
      'Personal, Zuständigkeiten, Rollen und Zugänge verwalten',
    );
    // The drawer shows the same icons: one per area, the start page's icon for each.
    const menuIcons = await drawer(page)
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => ({
          href: link.getAttribute('href') ?? '',
          icon: link.querySelector('svg')?.innerHTML ?? '',
        })),
      );
    const tileIcons = new Map(shown.map((tile) => [tile.href, tile.icon]));
    for (const { href, icon } of menuIcons) {
      if (href !== '/') expect(icon, href).toBe(tileIcons.get(href));
    }
    expect(new Set(menuIcons.map(({ icon }) => icon)).size).toBe(menuIcons.length);
    await context.close();
  });

  it('uses a temporary drawer with a menu button below 960 px', async () => {
    const { context, page } = await newPage(browser, { width: 800, height: 900 });
    await signIn(page, 'admin');
    const menu = drawer(page);
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await menu.getByRole('link', { name: 'Rollen' }).click();
    await page.waitForURL(/\/role\/list$/);
    await gridTotal(page, 'Rollen');
    await waitUntil(async () => !(await menu.isVisible()), 'drawer closes after navigating');
    await context.close();
  });

  it('honours reduced motion: the drawer opens without a transition and buttons without a ripple', async () => {
    for (const motion of [true, false]) {
      const { context, page } = await newPage(browser, { width: 800, height: 900, motion });
      await signIn(page, 'admin');
      // The button goes behind the modal drawer (aria-hidden, out of the role tree): keep hold of it.
      const button = page.getByRole('button', { name: 'Menü öffnen' });
      const element = await button.elementHandle();
      await button.click();
      const paper = page.locator('.MuiDrawer-paper').first();
      await paper.waitFor();
      const duration = await paper.evaluate((element) => getComputedStyle(element).transitionDuration);
      const ripples = (await element!.$$('.MuiTouchRipple-root')).length;
      if (motion) {
        expect(duration).not.toBe('0s');
        expect(ripples).toBe(1);
      } else {
        expect(duration).toBe('0s');
        expect(ripples).toBe(0);
      }
      await context.close();
    }
  });

  it('reloads the page once when a page part fails to load, and never loops', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    let loads = 0;
    page.on('load', () => {
      loads++;
    });

    // The first request for the role list chunk fails (as after a deployment); the reload fetches it again.
    let failures = 0;
    await page.route('**/assets/role-list-page-*.js', async (route) => {
      if (failures === 0) {
        failures++;
        await route.abort('failed');
      } else {
        await route.continue();
      }
    });
    await drawer(page).getByRole('link', { name: 'Rollen' }).click();
    await gridTotal(page, 'Rollen');
    expect(failures).toBe(1);
    expect(loads).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem('schutzwerk.chunk-reload'))).toBeNull();
    await page.unroute('**/assets/role-list-page-*.js');

    // A chunk that keeps failing: one reload, then an error page instead of a loop.
    await page.goto('/');
    await page.getByText(/^Willkommen/).waitFor();
    loads = 0;
    await page.route('**/assets/employee-list-page-*.js', (route) => route.abort('failed'));
    await drawer(page).getByRole('link', { name: 'Mitarbeiter' }).click();
    await page.getByText('Ein Teil der Anwendung konnte nicht geladen werden.', { exact: false }).waitFor();
    await page.waitForTimeout(1000);
    expect(loads).toBe(1);
    await context.close();
  });

  it('does not reload offline when a page part fails to load, but offers the reload button', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    let loads = 0;
    page.on('load', () => {
      loads++;
    });
    await context.setOffline(true);
    await drawer(page).getByRole('link', { name: 'Rollen' }).click();
    await page.getByText('weil keine Verbindung zum Server besteht', { exact: false }).waitFor();
    const reload = page.getByRole('button', { name: 'Seite neu laden' });
    await reload.waitFor();
    await page.waitForTimeout(1000);
    expect(loads).toBe(0);
    await context.setOffline(false);
    await reload.click();
    await gridTotal(page, 'Rollen');
    expect(loads).toBe(1);
    await context.close();
  });

  it('fails changes at once while offline, and logs out locally anyway', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/role/list');
    await gridTotal(page, 'Rollen');
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Neue Rolle anlegen' });
    await create.getByLabel('Name', { exact: true }).fill(`E2E Offline ${Date.now().toString(36)}`);
    await context.setOffline(true);
    const offlineText =
      'Keine Verbindung zum Server. Bitte versuchen Sie es erneut, sobald Sie wieder online sind.';
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await create.getByRole('alert').getByText(offlineText).waitFor({ timeout: 3000 });
    await create.getByRole('button', { name: 'Abbrechen' }).click();
    await create.waitFor({ state: 'hidden' });

    // Change password: the same clear message in the dialog.
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    const password = page.getByRole('dialog', { name: 'Passwort ändern' });
    await password.getByLabel('Aktuelles Passwort').fill('irgendwas-1');
    await password.getByLabel('Neues Passwort', { exact: true }).fill('Neu-Kennwort-2026!');
    await password.getByLabel('Neues Passwort wiederholen').fill('Neu-Kennwort-2026!');
    await password.getByRole('button', { name: 'Passwort ändern' }).click();
    await password.getByRole('alert').getByText(offlineText).waitFor({ timeout: 3000 });
    await password.getByRole('button', { name: 'Abbrechen' }).click();
    await password.waitFor({ state: 'hidden' });

    // Logout: the server cannot be told, the local session ends all the same.
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 5000 });
    expect(await page.evaluate(() => localStorage.getItem('schutzwerk.token'))).toBeNull();
    await context.setOffline(false);
    await context.close();
  });
});

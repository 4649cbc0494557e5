import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridTotal, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';

const ROW_HEIGHT = 48;

async function scrollGridTo(page: Page, top: number): Promise<void> {
  await page.getByRole('grid', { name: 'Mitarbeiter' }).evaluate((element, y) => {
    element.scrollTop = y;
  }, top);
}

describe('employee list (scrolling list)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('scrolls to row 9,000 loading pages lazily and never holding more than 200 rows', async () => {
    const { context, page } = await newPage(browser);
    const requests: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/employee/list') requests.push(url);
    });
    await signIn(page, 'admin', '/employee/list');
    const total = await gridTotal(page, 'Mitarbeiter');
    expect(total).toBeGreaterThan(9000);
    await page
      .getByTestId('list-count')
      .getByText(/^\d{1,3}(\.\d{3})* Einträge$/)
      .waitFor();
    expect(await page.getByTestId('list-count').textContent()).toBe(
      `${total.toLocaleString('de-DE')} Einträge`,
    );

    // The first answer came from one page of 100.
    expect(requests[0]?.searchParams.get('limit')).toBe('100');
    expect(requests[0]?.searchParams.get('offset')).toBe('0');

    const grid = page.getByRole('grid', { name: 'Mitarbeiter' });
    const domRows = () => listRows(page, 'Mitarbeiter').count();
    const cachedRows = async () => Number(await grid.getAttribute('data-cached-rows'));

    // Jump straight to row 9,000: only the pages around it are fetched, not the 89 in between.
    requests.length = 0;
    await scrollGridTo(page, 9000 * ROW_HEIGHT);
    const row9000 = page.locator('[data-row-index="9000"][data-loaded="true"]');
    await row9000.waitFor();
    const cells = await row9000.getByRole('gridcell').allTextContents();
    expect(cells[0]).toMatch(/^\d{6}$/); // a real personnel number, not a placeholder
    const jumpOffsets = [...new Set(requests.map((url) => Number(url.searchParams.get('offset'))))];
    expect(jumpOffsets.every((offset) => offset >= 8900 && offset <= 9100)).toBe(true);
    expect(requests.every((url) => url.searchParams.get('limit') === '100')).toBe(true);
    expect(await domRows()).toBeLessThanOrEqual(200);
    expect(await cachedRows()).toBeLessThanOrEqual(200);

    // Scroll back up through the list in steps: the DOM and the memory never hold more than 200 rows.
    let maxDomRows = 0;
    for (let step = 39; step >= 0; step--) {
      await scrollGridTo(page, Math.round((9000 * ROW_HEIGHT * step) / 40));
      await page.waitForTimeout(50);
      const rows = await domRows();
      maxDomRows = Math.max(maxDomRows, rows);
      expect(rows).toBeLessThanOrEqual(200);
      expect(await cachedRows()).toBeLessThanOrEqual(200);
    }
    await page.locator('[data-row-index="0"][data-loaded="true"]').waitFor();
    expect(maxDomRows).toBeGreaterThan(5);
    expect(await cachedRows()).toBeLessThanOrEqual(200);
    // Rows far away were evicted: row 9,000 is no longer held.
    await scrollGridTo(page, 9000 * ROW_HEIGHT);
    expect(await page.locator('[data-row-index="9000"][data-loaded="true"]').count()).toBe(0);
    await row9000.waitFor();
    await context.close();
  });

  it('searches (debounced), sorts by a header, filters active/inactive/all and remembers it per path', async () => {
    const { context, page } = await newPage(browser);
    const requests: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/employee/list') requests.push(url);
    });
    await signIn(page, 'admin', '/employee/list');
    const all = await gridTotal(page, 'Mitarbeiter');

    // Search: one request after typing stops, with the whole text.
    requests.length = 0;
    await page.getByLabel('Suchen').pressSequentially('Albrecht', { delay: 30 });
    await waitUntil(
      async () =>
        requests.some((url) => url.searchParams.has('search')) &&
        (await gridTotal(page, 'Mitarbeiter')) < all,
      'search narrows the list',
    );
    const searchRequests = requests.filter((url) => url.searchParams.has('search'));
    expect(searchRequests.map((url) => url.searchParams.get('search'))).toEqual(['Albrecht']);
    const found = await gridTotal(page, 'Mitarbeiter');
    expect(found).toBeGreaterThan(0);
    const lastNames = await listRows(page, 'Mitarbeiter').locator('[aria-colindex="2"]').allTextContents();
    expect(lastNames.length).toBeGreaterThan(0);
    expect(lastNames.every((name) => name === 'Albrecht')).toBe(true);

    // Sort by first name descending via the header (twice: asc, then desc).
    await page.getByRole('columnheader', { name: 'Vorname' }).getByRole('button').click();
    await page.getByRole('columnheader', { name: 'Vorname' }).getByRole('button').click();
    await waitUntil(
      () =>
        requests.some(
          (u) =>
            u.searchParams.get('orderBy') === 'firstName' && u.searchParams.get('orderDirection') === 'desc',
        ),
      'request sorted by first name descending',
    );
    await page.locator('[data-row-index="0"][data-loaded="true"]').waitFor();
    expect(await page.getByRole('columnheader', { name: 'Vorname' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    const firstNames = await listRows(page, 'Mitarbeiter').locator('[aria-colindex="3"]').allTextContents();
    const sorted = [...firstNames].sort((a, b) => b.localeCompare(a, 'de'));
    expect(firstNames.slice(0, 5)).toEqual(sorted.slice(0, 5));

    // Filter cycles active (0) → inactive (1) → all (2); 2 shows the button highlighted.
    const chip = page.getByTestId('employee-filter-chip');
    expect(await chip.textContent()).toBe('Nur aktive');
    const filter = page.getByRole('button', { name: 'Filter', exact: true });
    await filter.click();
    await chip.getByText('Nur inaktive').waitFor();
    await waitUntil(() => requests.some((u) => u.searchParams.get('active') === '1'), 'inactive filter sent');
    await page.locator('[data-row-index="0"][data-loaded="true"]').waitFor();
    const statuses = await listRows(page, 'Mitarbeiter').locator('[aria-colindex="7"]').allTextContents();
    expect(statuses.every((s) => s === 'inaktiv')).toBe(true);
    expect(await filter.getAttribute('data-active')).toBe('true');
    await filter.click();
    await chip.getByText('Alle').waitFor();
    expect(await filter.getAttribute('data-active')).toBe('true');
    expect(await filter.getAttribute('aria-pressed')).toBe('true');

    // Search and filter are kept per path in sessionStorage …
    const stored = await page.evaluate(() => ({
      filter: sessionStorage.getItem('/employee/list'),
      search: sessionStorage.getItem('/employee/list--search'),
    }));
    expect(stored.search).toBe('Albrecht');
    expect(JSON.parse(stored.filter ?? '{}')).toMatchObject({
      active: 2,
      orderBy: 'firstName',
      orderDirection: 'desc',
    });
    await page.reload();
    await page.getByTestId('employee-filter-chip').getByText('Alle').waitFor();
    expect(await page.getByLabel('Suchen').inputValue()).toBe('Albrecht');

    // … and a left click on the menu entry clears them.
    await page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .getByRole('link', { name: 'Mitarbeiter' })
      .click();
    await page.getByTestId('employee-filter-chip').getByText('Nur aktive').waitFor();
    expect(await page.getByLabel('Suchen').inputValue()).toBe('');
    expect(await gridTotal(page, 'Mitarbeiter')).toBe(all);
    await context.close();
  });

  it('offers a reader of master data only (fuehrung) no filters or columns on extended data', async () => {
    const { context, page } = await newPage(browser);
    const requests: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/employee/list') requests.push(url);
    });
    // A type filter chosen earlier (e.g. by another user of this browser) must not be sent.
    await page.goto('/api/health');
    await page.evaluate(() =>
      sessionStorage.setItem(
        '/employee/list',
        JSON.stringify({
          active: 0,
          type: 'tempWorker',
          status: 'worksBan',
          orderBy: 'lastName',
          orderDirection: 'asc',
        }),
      ),
    );
    await signIn(page, 'fuehrung', '/employee/list');
    expect(await gridTotal(page, 'Mitarbeiter')).toBeGreaterThan(0);
    await page.locator('[data-row-index="0"][data-loaded="true"]').waitFor();
    // No 'Art' column and no type filter; the status filter offers only 'Ohne Anmeldung'.
    expect(await page.getByRole('columnheader', { name: 'Art' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Art' }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Status' }).click();
    const options = await page.getByRole('listbox').getByRole('option').allTextContents();
    expect(options).toEqual(['Alle', 'Ohne Anmeldung']);
    await page.getByRole('option', { name: 'Ohne Anmeldung' }).click();
    await waitUntil(
      () => requests.some((u) => u.searchParams.get('status') === 'noLogin'),
      'the noLogin filter is sent',
    );
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((u) => !u.searchParams.has('type'))).toBe(true);
    expect(requests.every((u) => u.searchParams.get('status') !== 'worksBan')).toBe(true);

    // The administrator still has both filters and the column.
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin', '/employee/list');
    await gridTotal(admin.page, 'Mitarbeiter');
    await admin.page.getByRole('columnheader', { name: 'Art' }).waitFor();
    await admin.page.getByRole('combobox', { name: 'Art' }).waitFor();
    await admin.context.close();
    await context.close();
  });

  it("shows 'Leider keine Daten gefunden' when nothing matches", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/employee/list');
    await gridTotal(page, 'Mitarbeiter');
    await page.getByLabel('Suchen').fill('xyzzy-niemand-heißt-so');
    await page.getByText('Leider keine Daten gefunden').waitFor();
    expect(await gridTotal(page, 'Mitarbeiter')).toBe(0);
    expect(await page.getByTestId('list-count').textContent()).toBe('0 Einträge');
    await context.close();
  });
});

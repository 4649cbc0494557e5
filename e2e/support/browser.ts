import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { ACCOUNTS, type AccountName } from './accounts.ts';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function baseUrl(): string {
  return inject('baseUrl');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A fresh context (own cookies and storage) with the app's origin as base URL. */
export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1366, height: options.height ?? 900 },
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  return { context, page };
}

/** Fills the login form and waits until the app left /login. */
export async function login(
  page: Page,
  account: AccountName | { username: string; password: string },
): Promise<void> {
  const { username, password } = typeof account === 'string' ? ACCOUNTS[account] : account;
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Kennwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Opens the drawer on narrow screens (it is always visible from 960 px). */
export function drawer(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Hauptmenü' });
}

/** The rows the scrolling list currently has in the DOM (header row excluded). */
export function listRows(page: Page, gridName?: string): Locator {
  const grid = gridName ? page.getByRole('grid', { name: gridName }) : page.getByRole('grid').first();
  return grid.locator('[data-row-index]');
}

/** Waits until the grid answered at least once and returns its total (filteredCount). */
export async function gridTotal(page: Page, gridName?: string): Promise<number> {
  const grid = gridName ? page.getByRole('grid', { name: gridName }) : page.getByRole('grid').first();
  await grid.and(page.locator('[data-total]')).waitFor();
  return Number(await grid.getAttribute('data-total'));
}

/** Waits for `condition` to hold, polling; fails with `message` after `timeout` ms. */
export async function waitUntil(
  condition: () => Promise<boolean> | boolean,
  message: string,
  timeout = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out: ${message}`);
}

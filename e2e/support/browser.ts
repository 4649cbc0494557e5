import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../apps/web/src/lib/session-token.ts';
import { CSRF_HEADER } from '../../packages/shared/src/constants.ts';
import { checkpoint, signedInAs, watchAccessibility } from './a11y.ts';
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

/**
 * The app server of this worker: global-setup starts one per e2e worker, so files that run at the same
 * time never share a database (VITEST_POOL_ID is 1…maxWorkers; two files never run at once with one id).
 */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[worker - 1];
  if (!url) throw new Error(`No e2e server for worker ${worker} (${urls.length} started)`);
  return url;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** The phone of the phone-sized pass (phone.spec.ts): 390 × 844 CSS pixels, a common size today. */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/**
 * A fresh context (own cookies and storage) with the app's origin as base URL. `phone`: the viewport of
 * PHONE_VIEWPORT as a mobile browser with a touch screen (meta viewport honoured, `pointer: coarse`).
 * Every page it opens is checked with axe-core (support/a11y.ts; signIn, login and gridTotal are
 * checkpoints): a serious or critical violation fails the test.
 */
export async function newPage(
  browser: Browser,
  options: {
    width?: number;
    height?: number;
    phone?: boolean;
    serviceWorker?: boolean;
    /** The app's transitions and click ripples as most users see them (default: reduced motion). */
    motion?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const phone = options.phone ?? false;
  const context = await browser.newContext({
    // The app's service worker (decision 067) only where a spec asks for it: it would answer requests that
    // other specs intercept with page.route, and precache the whole build in every context.
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
    baseURL: baseUrl(),
    viewport: phone ? PHONE_VIEWPORT : { width: options.width ?? 1366, height: options.height ?? 900 },
    isMobile: phone,
    hasTouch: phone,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // The app honours `prefers-reduced-motion` (theme.ts): no fading dialogs and no ripples to render on
    // the 2-core machine, no click into a dialog mid-fade. keyboard.spec and shell.spec walk the animated app.
    reducedMotion: options.motion ? 'no-preference' : 'reduce',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  await watchAccessibility(
    context,
    page,
    baseUrl(),
    `${phone ? 'phone' : 'desktop'}${options.serviceWorker ? ' sw' : ''}`,
  );
  return { context, page };
}

export type Account = AccountName | { username: string; password: string };

function credentials(account: Account): { username: string; password: string } {
  return typeof account === 'string' ? ACCOUNTS[account] : account;
}

/**
 * Signs in through the login FORM and waits until the app left /login. Only for specs about signing in
 * (auth, password, change-password, reset-password, sso, first sign-in); every other spec uses signIn().
 */
export async function login(page: Page, account: Account): Promise<void> {
  const { username, password } = credentials(account);
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Benutzername').waitFor();
  await checkpoint(page);
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Kennwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  signedInAs(page, username);
}

/**
 * Signs in the way the login form does, without the form: the page's context fetches the CSRF cookie and
 * posts the credentials to /api/auth/login_local (a real session, password check and throttle included);
 * the token goes where the web app keeps it (localStorage), on a page of the app's origin that does not
 * start the app (/api/health). Then `path` is opened and signIn waits until the signed-in layout stands.
 * Pass the page the test starts on as `path` instead of a page.goto() right after signIn.
 */
export async function signIn(page: Page, account: Account, path = '/'): Promise<void> {
  const { username, password } = credentials(account);
  const request = page.context().request;
  // GET /api/auth/csrf sets the CSRF cookie in the context (as the app does) and answers the token in force.
  const csrf = (await (await request.get('/api/auth/csrf')).json()) as { data: { token: string } };
  const answer = await request.post('/api/auth/login_local', {
    data: { username, password },
    headers: { [CSRF_HEADER]: csrf.data.token },
  });
  if (!answer.ok()) throw new Error(`signIn(${username}): HTTP ${answer.status()} ${await answer.text()}`);
  const { token } = (await answer.json()) as { token: string };
  await page.goto('/api/health');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    TOKEN_STORAGE_KEY,
    token,
  ] as const);
  signedInAs(page, username);
  await page.goto(path);
  // Signed in: the main layout (#main-content) stands once the app has loaded the user, or, for an account
  // that must replace its initial password first, the dialog 'Erste Anmeldung' (decision 012).
  await page
    .locator('#main-content, #login-heading')
    .or(page.getByRole('dialog', { name: 'Erste Anmeldung' }))
    .first()
    .waitFor({ state: 'attached' });
  if (new URL(page.url()).pathname.startsWith('/login')) {
    throw new Error(`signIn(${username}): the app did not take the session token (now on ${page.url()})`);
  }
  await checkpoint(page);
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
  const total = Number(await grid.getAttribute('data-total'));
  await checkpoint(page);
  return total;
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

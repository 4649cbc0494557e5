import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { SSO_ACCOUNTS } from './support/sso.ts';

/** Single sign-on against the real OpenID provider that global-setup starts (spec shell §3.1, §4, §6, §7). */
describe('single sign-on (OpenID Connect)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in through the provider with the button, hides "Passwort ändern" and logs out at the provider', async () => {
    const issuer = inject('oidcIssuer');
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');

    await page.getByRole('link', { name: 'Mit Firmenkonto anmelden' }).click();
    // The provider's sign-in page.
    await page.waitForURL((url) => url.href.startsWith(issuer));
    await page.getByRole('heading', { name: 'Anmeldung beim Identitätsanbieter' }).waitFor();
    await page.getByLabel('Benutzer').fill(SSO_ACCOUNTS.mitarbeiter.sub);
    await page.getByRole('button', { name: 'Beim Identitätsanbieter anmelden' }).click();

    // Back in the app, signed in as the linked employee; the ticket has left the address bar.
    await page.getByText('Willkommen, Anna Schmidt!').waitFor();
    const url = new URL(page.url());
    expect(url.origin + url.pathname).toBe(new URL('/', url).href);
    expect(url.hash).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('schutzwerk.token'))).toMatch(
      /^[A-Za-z0-9_-]{43}$/,
    );

    // Signed in through SSO: the password is changed at the provider, not here.
    await page.getByRole('button', { name: 'Abmelden' }).waitFor();
    expect(await page.getByRole('button', { name: 'Passwort ändern' }).count()).toBe(0);

    // Logout goes to the provider's end-session page, which returns to /login.
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((u) => u.href.startsWith(`${issuer}/session/end`));
    expect(await page.evaluate(() => localStorage.getItem('schutzwerk.token'))).toBeNull();
    await page.getByRole('button', { name: 'Ja, abmelden' }).click();
    await page.waitForURL((u) => !u.href.startsWith(issuer) && u.pathname === '/login');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    await context.close();
  });

  it('shows a German message when the provider account matches no employee', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mit Firmenkonto anmelden' }).click();
    await page.getByLabel('Benutzer').fill(SSO_ACCOUNTS.unbekannt.sub);
    await page.getByRole('button', { name: 'Beim Identitätsanbieter anmelden' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'keinen Benutzer in Schutzwerk' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'Zu Ihrem Firmenkonto gibt es keinen Benutzer in Schutzwerk. Bitte wenden Sie sich an Ihre Administration.',
    );
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('schutzwerk.token'))).toBeNull();
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawer, launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';

const licence = (page: Page) => page.getByRole('region', { name: 'Lizenz' });

async function saveSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Speichern' }).click();
}

describe('settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens from the menu, shows licence usage, refuses bad input in German and saves', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await drawer(page).getByRole('link', { name: 'Einstellungen', exact: true }).click();
    // The first tab in the spec's order: „Termine“ (appointments come first, then hazardous materials before
    // instructions).
    await page.waitForURL('**/settings/appointments');
    const tabs = page.getByRole('tablist', { name: 'Einstellungsbereiche' });
    // The tabs come with the category list: wait for the last one before reading them all.
    await tabs.getByRole('tab', { name: 'Betriebsarzt' }).waitFor();
    expect(await tabs.getByRole('tab').allTextContents()).toEqual([
      'Termine',
      'Gefahrstoffe',
      'Arbeitsmedizin',
      'Unterweisungen',
      'Unfallmeldungen',
      'Sprache',
      'Lizenz',
      'E-Mail',
      'E-Mail-Vorlagen',
      'Aufgabenplanung',
      'Sicherheit',
      'System',
      'Betriebsarzt',
    ]);

    // The scheduled tasks are a tab too (the same panel as /taskschedule/edit).
    await tabs.getByRole('tab', { name: 'Aufgabenplanung' }).click();
    await page.waitForURL('**/settings/taskSchedule');
    await page.getByText('E-Mail-Postausgang senden').first().waitFor();

    await tabs.getByRole('tab', { name: 'Lizenz' }).click();
    await page.waitForURL('**/settings/license');
    // Demo licence: 15,000 employees, valid until 31.12.2027.
    const usage = page.getByTestId('license-usage');
    await usage.getByText(/Aktive Mitarbeiter: [\d.]+ von 15\.000/).waitFor();
    await usage.getByText('Die Lizenz ist gültig bis 31.12.27.').waitFor();
    expect(await licence(page).getByLabel('Lizenznehmer').inputValue()).toBe('Rheinwerk Chemie GmbH');

    // Bad input: a word in a count, a negative count.
    const employees = licence(page).getByLabel('Anzahl Mitarbeiter');
    await employees.fill('viele');
    await licence(page).getByText('Bitte eine ganze Zahl angeben.').waitFor();
    await employees.fill('-5');
    await licence(page).getByText('Bitte eine ganze Zahl angeben.').waitFor();
    await saveSettings(page);
    expect(await page.getByText('Die Einstellungen wurden gespeichert.').count()).toBe(0);

    // A limit just above the active staff: saved, and the usage warns that it is nearly used up.
    const active = Number(
      ((await usage.getByText(/Aktive Mitarbeiter:/).textContent()) ?? '')
        .match(/: ([\d.]+) von/)?.[1]
        ?.replaceAll('.', ''),
    );
    expect(active).toBeGreaterThan(1000);
    await employees.fill(String(active + 10));
    await saveSettings(page);
    await page.getByText('Die Einstellungen wurden gespeichert.').waitFor();
    await usage.getByText(/Die Lizenz ist fast ausgeschöpft/).waitFor();
    // The start page tells those who look after the licence, with a way to it.
    await page.goto('/');
    const homeWarning = page.getByTestId('home-license-warnings');
    await homeWarning.getByText(/Die Lizenz ist fast ausgeschöpft/).waitFor();
    await homeWarning.getByRole('link', { name: 'Lizenz ansehen' }).click();
    await page.waitForURL('**/settings/license');

    // Put the demo value back.
    await employees.fill('15000');
    await saveSettings(page);
    await page.getByText('Die Einstellungen wurden gespeichert.').last().waitFor();
    await usage.getByText(/von 15\.000/).waitFor();
    await context.close();
  });

  it('keeps the last active language and keeps what was typed on a stale save (409)', async () => {
    const a = await newPage(browser);
    const b = await newPage(browser);
    await signIn(a.page, 'admin', '/settings/language');
    await signIn(b.page, 'admin', '/settings/language');
    const region = (page: Page) => page.getByRole('region', { name: 'Sprache' });
    // Both forms hold the stored version before A changes it (B's form loading after A's save would take
    // A's version, and its save would not be stale).
    for (const page of [a.page, b.page])
      await waitUntil(
        () => region(page).getByRole('checkbox', { name: 'Deutsch (Deutschland) (de-DE)' }).isChecked(),
        'the language form has loaded',
      );

    // Unticking the only active language is refused.
    await region(a.page).getByRole('checkbox', { name: 'Deutsch (Deutschland) (de-DE)' }).uncheck();
    await region(a.page).getByText('Die letzte aktive Sprache kann nicht deaktiviert werden.').waitFor();
    await region(a.page).getByRole('checkbox', { name: 'Deutsch (Deutschland) (de-DE)' }).check();

    // A saves first; B's save on the old version gets the conflict and keeps B's ticks.
    await region(a.page).getByRole('checkbox', { name: 'Deutsch (Österreich) (de-AT)' }).check();
    await saveSettings(a.page);
    await a.page.getByText('Die Einstellungen wurden gespeichert.').waitFor();

    await region(b.page).getByRole('checkbox', { name: 'Englisch (Großbritannien) (en-GB)' }).check();
    await saveSettings(b.page);
    const conflict = b.page.getByTestId('conflict-alert');
    await conflict.waitFor();
    expect(
      await region(b.page).getByRole('checkbox', { name: 'Englisch (Großbritannien) (en-GB)' }).isChecked(),
    ).toBe(true);
    // Reload keeps B's change on top of A's.
    await conflict.getByRole('button', { name: 'Neu laden' }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(
      await region(b.page).getByRole('checkbox', { name: 'Deutsch (Österreich) (de-AT)' }).isChecked(),
    ).toBe(true);
    expect(
      await region(b.page).getByRole('checkbox', { name: 'Englisch (Großbritannien) (en-GB)' }).isChecked(),
    ).toBe(true);
    await saveSettings(b.page);
    await b.page.getByText('Die Einstellungen wurden gespeichert.').waitFor();

    // Back to German only.
    await b.page.reload();
    for (const name of ['Deutsch (Österreich) (de-AT)', 'Englisch (Großbritannien) (en-GB)'])
      await region(b.page).getByRole('checkbox', { name }).uncheck();
    await saveSettings(b.page);
    await b.page.getByText('Die Einstellungen wurden gespeichert.').waitFor();
    await a.context.close();
    await b.context.close();
  });

  it('is not offered to an employee without settings rights, and the address answers 403', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'mitarbeiter');
    expect(await drawer(page).getByRole('link', { name: 'Einstellungen', exact: true }).count()).toBe(0);
    await page.goto('/settings/license');
    await page.getByText('Keine Berechtigung.').waitFor();
    await context.close();
  });
});

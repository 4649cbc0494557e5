import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { drawer, gridTotal, launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';

/**
 * The main flows without a mouse (issue 15, WCAG 2.1.1 keyboard, 2.4.3 focus order, 2.4.7 visible focus):
 * after a page is opened, every step is a key press — sign in, a list, a record, a picker, the hazard
 * dialog. Each step asserts where the focus is (document.activeElement) and that it is visible.
 */

/** True when `target` (or an element inside it) has the focus. */
function holdsFocus(target: Locator): Promise<boolean> {
  return target
    .first()
    .evaluate((element) => element === document.activeElement || element.contains(document.activeElement))
    .catch(() => false);
}

/**
 * The focused element shows its focus: an outline or a box shadow on it or on the control that carries its
 * focus ring (MUI's .Mui-focusVisible), or the 2 px border of a focused MUI text field.
 */
function focusIsVisible(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return 'nothing has the focus';
    const shows = (element: Element) => {
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    if (shows(active)) return null;
    const ring = active.closest('.Mui-focusVisible');
    if (ring && shows(ring)) return null;
    const field = active.closest('.MuiOutlinedInput-root.Mui-focused');
    const border = field?.querySelector('.MuiOutlinedInput-notchedOutline');
    if (border && Number.parseFloat(getComputedStyle(border).borderTopWidth) >= 2) return null;
    return `no visible focus on ${active.outerHTML.slice(0, 160)}`;
  });
}

/** Waits until `target` has the focus, then checks that the focus is visible. */
async function expectFocus(page: Page, target: Locator, what: string): Promise<void> {
  await waitUntil(() => holdsFocus(target), `focus on ${what}`);
  expect(await focusIsVisible(page), what).toBeNull();
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(
  page: Page,
  target: Locator,
  what: string,
  { backwards = false, max = 60 } = {},
): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await holdsFocus(target)) break;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expectFocus(page, target, what);
}

/** Tabs `presses` times and fails if the focus ever leaves `dialog` (a modal dialog traps it). */
async function expectFocusTrapped(page: Page, dialog: Locator, presses: number): Promise<void> {
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await holdsFocus(dialog), `focus inside the dialog after ${i + 1} presses`).toBe(true);
  }
}

describe('keyboard only', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in, opens a list from the menu, moves through its rows, opens a record, edits and saves it', async () => {
    const { context, page } = await newPage(browser, { motion: true });
    await page.goto('/login');

    // Sign in: the user name has the focus; a wrong password is announced (role=alert) and the emptied
    // password field takes the focus again.
    const username = page.getByLabel('Benutzername');
    const password = page.getByLabel('Kennwort', { exact: true });
    await expectFocus(page, username, 'user name');
    await page.keyboard.press('Enter');
    await expectFocus(page, username, 'user name after an empty submit');
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    const hint = page.locator(`[id="${await username.getAttribute('aria-describedby')}"]`);
    expect((await hint.textContent())?.length ?? 0).toBeGreaterThan(0);
    await page.keyboard.type(ACCOUNTS.admin.username);
    await page.keyboard.press('Tab');
    await expectFocus(page, password, 'password');
    await page.keyboard.type('falsch-falsch');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('Kein aktiver Benutzer oder Kennwort falsch!').waitFor();
    await expectFocus(page, password, 'password after a failed attempt');
    await page.keyboard.type(ACCOUNTS.admin.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.locator('#main-content').waitFor();

    // The menu: Tab reaches 'Mitarbeiter' in the drawer; Enter opens the list.
    await tabTo(page, drawer(page).getByRole('link', { name: 'Mitarbeiter' }), 'menu entry Mitarbeiter');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/employee\/list$/);
    const total = await gridTotal(page, 'Mitarbeiter');
    expect(total).toBeGreaterThan(3);

    // The list is one Tab stop: its first row; the arrows move between rows, Enter opens one.
    const rows = page.getByRole('grid', { name: 'Mitarbeiter' }).locator('[data-row-index]');
    await tabTo(page, rows.and(page.locator('[data-row-index="0"]')), 'first row');
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, page.locator('[data-row-index="1"]'), 'second row');
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, page.locator('[data-row-index="2"]'), 'third row');
    await page.keyboard.press('ArrowUp');
    const second = page.locator('[data-row-index="1"][data-loaded="true"]');
    await expectFocus(page, second, 'second row again');
    const number = (await second.locator('[aria-colindex="1"]').textContent()) ?? '';
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/employee\/\d+$/);
    await page.getByTestId('employee-heading').getByText(number, { exact: false }).waitFor();

    // The record: Tab through the fields to 'Telefon', type, save with the toolbar button (Shift+Tab back
    // to it); the confirmation is announced. Then the old value is restored the same way.
    const panel = page.getByRole('tabpanel');
    const phone = panel.getByRole('textbox', { name: /^Telefon/ });
    const save = page.getByRole('button', { name: 'Speichern' });
    const saved = page.getByRole('alert').getByText('Der Mitarbeiter wurde gespeichert.');
    const original = await phone.inputValue();
    for (const value of ['0221 4711-99', original]) {
      await tabTo(page, phone, 'field Telefon');
      await page.keyboard.press('ControlOrMeta+A');
      if (value) await page.keyboard.type(value);
      else await page.keyboard.press('Delete');
      await tabTo(page, save, 'Speichern', { backwards: true });
      await page.keyboard.press('Enter');
      await saved.waitFor();
      await waitUntil(() => save.isDisabled(), 'saved, nothing left to save');
      expect(await phone.inputValue()).toBe(value);
      await saved.waitFor({ state: 'detached', timeout: 10_000 });
    }

    // A required field left empty: the message is bound to the field (aria-describedby, aria-invalid).
    const lastName = panel.getByRole('textbox', { name: /^Nachname/ });
    const lastNameBefore = await lastName.inputValue();
    await tabTo(page, lastName, 'field Nachname');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await tabTo(page, save, 'Speichern', { backwards: true });
    await page.keyboard.press('Enter');
    await waitUntil(async () => (await lastName.getAttribute('aria-invalid')) === 'true', 'Nachname invalid');
    const message = page.locator(`[id="${await lastName.getAttribute('aria-describedby')}"]`);
    expect(await message.textContent()).toBe('Bitte geben Sie den Nachnamen an.');
    await tabTo(page, lastName, 'field Nachname');
    await page.keyboard.type(lastNameBefore);
    await waitUntil(async () => (await lastName.getAttribute('aria-invalid')) !== 'true', 'Nachname valid');
    // The stored name again: nothing left to save.
    await waitUntil(() => save.isDisabled(), 'nothing to save');
    await context.close();
  }, 180_000);

  it('works a picker and the hazard dialog: opens, searches, chooses with Enter, closes with Escape, focus returns', async () => {
    const { context, page } = await newPage(browser, { motion: true });
    await signIn(page, 'admin', '/hazardanalysis/list');
    await gridTotal(page, 'Gefährdungsbeurteilungen');

    // Open the first assessment from the list with the keyboard.
    await tabTo(page, page.locator('[data-row-index="0"][data-loaded="true"]'), 'first assessment');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/hazardanalysis\/\d+$/);

    // The hazard dialog: Enter on the row's edit button opens it, the focus moves into it and stays there.
    const edit = page.getByTestId('hazard-row-0').getByRole('button', { name: 'Gefährdung bearbeiten' });
    await tabTo(page, edit, 'Gefährdung bearbeiten', { max: 120 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Gefährdung bearbeiten/ });
    await dialog.waitFor();
    await waitUntil(() => holdsFocus(dialog), 'focus moved into the hazard dialog');
    await expectAccessible(page);
    await expectFocusTrapped(page, dialog, 12);

    // The picker of the responsible person: Space opens it, Escape closes it, the focus is back on the field.
    const responsible = dialog.getByRole('textbox', { name: /^Verantwortliche Person/ });
    await tabTo(page, responsible, 'Verantwortliche Person', { max: 80 });
    await page.keyboard.press('Space');
    const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await picker.waitFor();
    await expectFocus(page, picker.getByLabel('Suchen'), 'the picker search');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    await expectFocus(page, responsible, 'Verantwortliche Person after Escape');
    expect(await dialog.isVisible()).toBe(true);

    // Enter opens it again: search, Tab into the list, arrows, Enter chooses; the focus returns to the field.
    await page.keyboard.press('Enter');
    await picker.waitFor();
    await expectFocus(page, picker.getByLabel('Suchen'), 'the picker search');
    await page.keyboard.type('Hoffmann Katrin');
    await waitUntil(async () => (await gridTotal(page, 'Bitte Eintrag auswählen')) === 1, 'one person found');
    const pickerRow = picker.locator('[data-row-index="0"][data-loaded="true"]');
    await pickerRow.getByText(/Hoffmann/).waitFor();
    await tabTo(page, pickerRow, 'the found person');
    await page.keyboard.press('ArrowDown'); // the only row: the focus stays
    await expectFocus(page, pickerRow, 'the found person');
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    await expectFocus(page, responsible, 'Verantwortliche Person after choosing');
    await waitUntil(async () => (await responsible.inputValue()).includes('Hoffmann'), 'person chosen');

    // Escape closes the hazard dialog without saving; the focus returns to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocus(page, edit, 'Gefährdung bearbeiten after closing the dialog');
    await context.close();
  }, 180_000);
});

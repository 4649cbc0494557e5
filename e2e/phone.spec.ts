import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drawer,
  gridTotal,
  launchBrowser,
  listRows,
  login,
  newPage,
  PHONE_VIEWPORT,
  signIn,
  waitUntil,
} from './support/browser.ts';

/**
 * The phone-sized pass (issue 15): the pages a worker uses on the shop floor, at 390 × 844 with touch.
 * Every step checks that nothing widens the page sideways, that the toolbar's buttons are large enough to
 * tap and, where a dialog opens, that it fills the screen.
 */

/** No page-wide horizontal scrolling: neither the document nor the page's scroll box is wider. */
async function expectNoSidewaysScroll(page: Page, step: string): Promise<void> {
  const widths = await page.evaluate(() => {
    const main = document.getElementById('main-content');
    return {
      document: document.documentElement.scrollWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    };
  });
  expect(widths.document, `${step}: document wider than the screen`).toBeLessThanOrEqual(
    PHONE_VIEWPORT.width,
  );
  expect(widths.main, `${step}: the page scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Every visible button of the top bar is at least 44 × 44 px and lies on the screen. */
async function expectToolbarTapTargets(page: Page, step: string): Promise<void> {
  const buttons = await page.locator('header button').evaluateAll((elements) =>
    elements
      .map((element) => {
        const box = element.getBoundingClientRect();
        return {
          name: element.getAttribute('aria-label') ?? element.textContent ?? '',
          width: box.width,
          height: box.height,
          left: box.left,
          right: box.right,
        };
      })
      .filter((box) => box.width > 0 && box.height > 0),
  );
  expect(buttons.length, `${step}: toolbar buttons`).toBeGreaterThan(0);
  for (const button of buttons) {
    expect(button.width, `${step}: width of '${button.name}'`).toBeGreaterThanOrEqual(44);
    expect(button.height, `${step}: height of '${button.name}'`).toBeGreaterThanOrEqual(44);
    expect(button.left, `${step}: '${button.name}' off the screen`).toBeGreaterThanOrEqual(0);
    expect(button.right, `${step}: '${button.name}' off the screen`).toBeLessThanOrEqual(
      PHONE_VIEWPORT.width,
    );
  }
}

/**
 * The toolbar shows the page name and nothing else (the product name gives way on phones); `whole`: the
 * name is not clipped (no ellipsis).
 */
async function expectTitle(page: Page, name: string | RegExp, whole = true): Promise<void> {
  const title = page.getByTestId('toolbar-page-title');
  const matches = (text: string | null) => (typeof name === 'string' ? text === name : name.test(text ?? ''));
  await waitUntil(async () => matches(await title.textContent()), `toolbar title ${name}`);
  expect(matches(await page.getByTestId('toolbar-title').textContent())).toBe(true);
  const box = await title.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    right: element.getBoundingClientRect().right,
  }));
  expect(box.clientWidth).toBeGreaterThan(0);
  expect(box.right).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  if (whole) expect(box.scrollWidth, `title '${name}' clipped`).toBeLessThanOrEqual(box.clientWidth);
}

/** The dialog fills the screen (MUI fullScreen) and has nothing wider than the screen inside. */
async function expectFullScreen(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  const full = async () => {
    const box = await dialog.boundingBox();
    return (
      box !== null &&
      Math.round(box.x) === 0 &&
      Math.round(box.y) === 0 &&
      Math.round(box.width) === PHONE_VIEWPORT.width &&
      Math.round(box.height) === PHONE_VIEWPORT.height
    );
  };
  await waitUntil(full, 'dialog fills the screen');
  expect(await dialog.evaluate((element) => element.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

/** The element lies within the screen's width (nothing cut off at the right edge). */
async function expectOnScreen(locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, `${what} rendered`).not.toBeNull();
  expect(box!.x, `${what} left`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} right`).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

/** The element is in view without scrolling: the buttons of a full-screen dialog stay at its bottom. */
async function expectInView(locator: Locator, what: string): Promise<void> {
  await expectOnScreen(locator, what);
  const box = (await locator.boundingBox())!;
  expect(box.y, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what} bottom`).toBeLessThanOrEqual(PHONE_VIEWPORT.height);
}

describe('phones (390 px)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs an employee in, opens Meine Aufgaben through the overlay menu and a task in a full-screen dialog', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    // Signing in through the form is part of the pass: the login page at 390 px.
    await page.goto('/login');
    await page.getByLabel('Benutzername').waitFor();
    await expectNoSidewaysScroll(page, 'login');
    await expectOnScreen(page.getByRole('button', { name: 'Anmelden' }), 'Anmelden');
    await login(page, 'mitarbeiter');

    await expectTitle(page, 'Startseite');
    await expectNoSidewaysScroll(page, 'start page');
    await expectToolbarTapTargets(page, 'start page');

    // The drawer is temporary: hidden, opened by the menu button over the page, closed after navigating.
    const menu = drawer(page);
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menü öffnen' }).tap();
    await menu.waitFor();
    const mainBox = await page.locator('#main-content').boundingBox();
    expect(mainBox?.x).toBe(0);
    await menu.getByRole('link', { name: 'Meine Aufgaben', exact: true }).tap();
    await page.waitForURL(/\/tasks$/);
    await waitUntil(async () => !(await menu.isVisible()), 'drawer closes after navigating');

    await expectTitle(page, 'Meine Aufgaben');
    const task = listRows(page, 'Meine Aufgaben').filter({
      hasText: 'Gehörschutzspender an der Abfüllanlage auffüllen',
    });
    await task.waitFor();
    await expectNoSidewaysScroll(page, 'Meine Aufgaben');
    await expectToolbarTapTargets(page, 'Meine Aufgaben');
    // The list collapses to two text lines and the task's buttons below, all on the screen.
    await expectOnScreen(task.locator('[data-compact-line="primary"]'), 'task title');
    const complete = task.getByRole('button', { name: 'Erledigt' });
    const report = task.getByRole('button', { name: 'Problem melden' });
    await expectOnScreen(complete, 'Erledigt');
    await expectOnScreen(report, 'Problem melden');

    await report.tap();
    const dialog = page.getByRole('dialog', { name: 'Problem melden' });
    await expectFullScreen(dialog);
    await expectOnScreen(dialog.getByRole('textbox', { name: 'Grund' }), 'reason field');
    await expectInView(dialog.getByRole('button', { name: 'Abbrechen' }), 'Abbrechen');
    await dialog.getByRole('button', { name: 'Abbrechen' }).tap();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows an employee a released hazard assessment read-only, its hazards as cards', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'mitarbeiter', '/hazardanalysis/list');
    await expectTitle(page, 'Gefährdungsbeurteilungen');
    expect(await gridTotal(page, 'Gefährdungsbeurteilungen')).toBeGreaterThan(0);
    await expectNoSidewaysScroll(page, 'hazard assessment list');
    await expectToolbarTapTargets(page, 'hazard assessment list');

    // Released versions only: the row opens the frozen version.
    await listRows(page, 'Gefährdungsbeurteilungen').first().tap();
    await page.waitForURL(/\/hazardanalysis\/ref\/\d+$/);
    // The page name is long ('Freigegebene Version: <Bezeichnung>'): it may end in an ellipsis.
    await expectTitle(page, /^Freigegebene Version: /, false);
    const cards = page.getByTestId('ref-hazard-cards').getByRole('listitem');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThan(0);
    await expectOnScreen(cards.first(), 'first hazard card');
    await expectOnScreen(cards.first().getByText('Risiko nach Maßnahmen'), 'risk after actions');
    await expectNoSidewaysScroll(page, 'released version');
    await expectToolbarTapTargets(page, 'released version');
    await context.close();
  });

  it('shows an employee Meine Unterweisungen with the overdue one marked, in two lines per row', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'mitarbeiter', '/instructions/mine');
    await expectTitle(page, 'Meine Unterweisungen');
    const row = listRows(page, 'Meine Unterweisungen').filter({ hasText: 'Allgemeine Arbeitssicherheit' });
    await row.waitFor();
    await expectOnScreen(row.locator('[data-compact-line="primary"]'), 'topic name');
    await expectOnScreen(row.getByText('überfällig', { exact: false }), 'overdue mark');
    await expectNoSidewaysScroll(page, 'Meine Unterweisungen');
    await expectToolbarTapTargets(page, 'Meine Unterweisungen');
    await context.close();
  });

  it('shows a first aider the first-aid book and its entry dialog full-screen (decision 047)', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'mitarbeiter', '/firstaid/list');
    await expectTitle(page, 'Verbandbuch');
    await expectNoSidewaysScroll(page, 'Verbandbuch');
    await expectToolbarTapTargets(page, 'Verbandbuch');
    await page.getByRole('button', { name: 'Neu', exact: true }).tap();
    const dialog = page.getByRole('dialog', { name: 'Neuer Eintrag im Verbandbuch' });
    await expectFullScreen(dialog);
    await expectOnScreen(dialog.getByRole('button', { name: 'Eintragen' }), 'save button');
    await context.close();
  });

  it('shows a supervisor the employee list with the whole page name and a record in one column', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'fuehrung', '/employee/list');
    await expectTitle(page, 'Mitarbeiter');
    expect(await gridTotal(page, 'Mitarbeiter')).toBeGreaterThan(0);
    await expectNoSidewaysScroll(page, 'employee list');
    await expectToolbarTapTargets(page, 'employee list');
    await expectOnScreen(page.getByRole('searchbox', { name: 'Suchen' }), 'search');

    // Rows as two lines: 'Nachname, Vorname', then the personnel number and the rest.
    const row = listRows(page, 'Mitarbeiter').and(page.locator('[data-loaded="true"]')).first();
    await row.waitFor();
    expect(await row.locator('[data-compact-line="primary"]').textContent()).toMatch(/^[^,]+, [^,]+$/);
    // The personnel number first (other files on this server may have added employees with their own numbers).
    expect(await row.locator('[data-compact-line="secondary"]').textContent()).toMatch(/^[^\s·]+( · |$)/);
    await expectOnScreen(row, 'first row');

    await row.tap();
    await page.waitForURL(/\/employee\/\d+$/);
    await expectTitle(page, /^Mitarbeiter/, false);
    const lastName = page.getByRole('textbox', { name: 'Nachname' });
    const firstName = page.getByRole('textbox', { name: 'Vorname' });
    await lastName.waitFor();
    const [last, first] = [await lastName.boundingBox(), await firstName.boundingBox()];
    // One column: the fields stand one below the other, each as wide as the other.
    expect(first!.x).toBe(last!.x);
    expect(first!.width).toBe(last!.width);
    expect(first!.y).toBeGreaterThan(last!.y);
    await expectOnScreen(lastName, 'Nachname');
    await expectNoSidewaysScroll(page, 'employee record');
    await expectToolbarTapTargets(page, 'employee record');
    await context.close();
  });

  it('opens a hazard assessment for a reader (no edit rights) and a hazard in a full-screen dialog', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'fuehrung', '/hazardanalysis/list');
    expect(await gridTotal(page, 'Gefährdungsbeurteilungen')).toBeGreaterThan(0);
    await listRows(page, 'Gefährdungsbeurteilungen').first().tap();
    await page.waitForURL(/\/hazardanalysis\/\d+$/);
    await expectTitle(page, 'Gefährdungsbeurteilung');

    // Hazards stacked in one column: title, responsible person, risks and the button to open it.
    const hazard = page.getByTestId('hazard-row-0');
    await hazard.waitFor();
    await expectOnScreen(hazard, 'first hazard');
    const open = hazard.getByRole('button', { name: 'Gefährdung bearbeiten' });
    await expectOnScreen(open, 'open the hazard');
    await expectNoSidewaysScroll(page, 'hazard assessment');
    await expectToolbarTapTargets(page, 'hazard assessment');
    // Read only: the master data cannot be changed.
    expect(await page.getByRole('textbox', { name: /^Bezeichnung/ }).isDisabled()).toBe(true);

    await open.tap();
    const dialog = page.getByRole('dialog', { name: /^Gefährdung/ });
    await expectFullScreen(dialog);
    expect(await dialog.getByRole('textbox', { name: 'Gefährdung', exact: true }).isDisabled()).toBe(true);
    // The NOHL grids fit the screen.
    const grid = dialog.getByRole('radiogroup').first();
    await grid.scrollIntoViewIfNeeded();
    await expectOnScreen(grid, 'risk matrix');
    await expectInView(dialog.getByRole('button', { name: 'Abbrechen' }), 'Abbrechen');
    await dialog.getByRole('button', { name: 'Abbrechen' }).tap();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it("moves toolbar actions that do not fit into 'Weitere Aktionen' and opens dialogs full-screen", async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'admin', '/employee/list');
    await expectTitle(page, 'Mitarbeiter');
    await gridTotal(page, 'Mitarbeiter');
    await expectNoSidewaysScroll(page, 'employee list (administrator)');
    await expectToolbarTapTargets(page, 'employee list (administrator)');

    // Filter, sort, print, upload and add do not fit beside the title: 'Neu' stays, the rest is in the menu.
    const header = page.locator('header');
    await header.getByRole('button', { name: 'Neu', exact: true }).waitFor();
    for (const name of ['Filter', 'Sortieren', 'Drucken', 'Hochladen']) {
      expect(await header.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    const more = header.getByRole('button', { name: 'Weitere Aktionen' });
    await more.tap();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const items = await menu.getByRole('menuitem').allTextContents();
    expect(items).toEqual([
      'Anzeige: Nur aktive – Filter wechseln: aktive → inaktive → alle',
      'Sortieren (aufsteigend)',
      'Drucken',
      'Hochladen',
    ]);
    await expectOnScreen(menu, 'menu');
    await menu.getByRole('menuitem', { name: 'Sortieren (aufsteigend)' }).tap();
    await menu.waitFor({ state: 'hidden' });
    await more.tap();
    await menu.getByRole('menuitem', { name: 'Sortieren (absteigend)' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Sortieren (absteigend)' }).tap();
    await menu.waitFor({ state: 'hidden' });

    // Dialogs fill the screen: the new-employee dialog.
    await header.getByRole('button', { name: 'Neu', exact: true }).tap();
    const create = page.getByRole('dialog', { name: 'Mitarbeiter anlegen' });
    await expectFullScreen(create);
    // Its fields and buttons sit in a form: the fields scroll, the buttons stay in view.
    await expectInView(create.getByRole('button', { name: 'Anlegen' }), 'Anlegen');
    await create.getByRole('button', { name: 'Abbrechen' }).tap();
    await create.waitFor({ state: 'hidden' });
    await context.close();
  });
});

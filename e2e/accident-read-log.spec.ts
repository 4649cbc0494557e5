import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { launchBrowser, listRows, newPage, signIn } from './support/browser.ts';

/**
 * Decision 062: the read log of an accident report (LOG_VIEWER, on the report's page) and the staff history of the
 * 1000-man quota (the monthly snapshot job; years without one say that today's figures were used).
 */
const suffix = Date.now().toString(36).toUpperCase();

async function openReport(page: Page, id: number) {
  await page.goto(`/accidents/${id}`);
  await page.getByRole('heading', { name: /Unfall · Extern Leselog/ }).waitFor();
}

describe('accident read log and staff history', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the administrator who read a report when, with health flag, search, filter and sort; others see no log', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const places = await api<{ rows: { id: number; name: string }[] }>(
      page,
      'GET',
      `locations/picker?search=${encodeURIComponent('Tanklager Nord')}`,
    );
    const locationId = places.data.rows.find((r) => r.name === 'Tanklager Nord')?.id;
    expect(locationId).toBeDefined();

    // 'fuehrung' (no health right, own reports only) files a report and opens it.
    const leader = await newPage(browser);
    await signIn(leader.page, 'fuehrung');
    const created = await api<{ id: number }>(leader.page, 'POST', 'accidents', {
      eventType: 1,
      externalName: `Extern Leselog ${suffix}`,
      externalCompany: 'Montagebau GmbH',
      accidentAt: '2026-10-05T07:30:00.000Z',
      firstAidAt: '2026-10-05T07:35:00.000Z',
      locationId,
      injuries: [{ bodyPart: 27, injuryType: 5 }],
      injuryCategory: 2,
      description: `Gestolpert ${suffix}`,
    });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const id = created.data.id;
    await openReport(leader.page, id);
    await expectAccessible(leader.page);
    expect(await leader.page.getByRole('button', { name: 'Leseprotokoll' }).count()).toBe(0);
    expect((await api(leader.page, 'GET', `accidents/${id}/reads`)).status).toBe(403);
    await leader.context.close();

    // 'sifa' (all reports, health right, no log right) reads it with health data.
    const sifa = await newPage(browser);
    await signIn(sifa.page, 'sifa');
    await openReport(sifa.page, id);
    expect(await sifa.page.getByRole('button', { name: 'Leseprotokoll' }).count()).toBe(0);
    await sifa.context.close();

    // The administrator opens the log on the report's page.
    await openReport(page, id);
    await page.getByRole('button', { name: 'Leseprotokoll' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leseprotokoll der Unfallmeldung' });
    const grid = 'Leseprotokoll der Unfallmeldung';
    await dialog.getByTestId('list-count').getByText('3 Einträge').waitFor();
    await expectAccessible(page);
    const rows = listRows(page, grid);
    // Newest first: the administrator's own read, then Hoffmann (sifa) with health data, then Wagner without.
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(async () => (await rows.nth(0).textContent()) ?? '').toContain('Administrator');
    expect(await rows.nth(1).textContent()).toMatch(/Hoffmann, Katrin.*angezeigt/);
    expect(await rows.nth(2).textContent()).toMatch(/Wagner, Michael.*000102.*verborgen/);

    // Filter: only reads without health data.
    await dialog.getByLabel('Gesundheitsdaten', { exact: true }).click();
    await page.getByRole('option', { name: 'Nur ohne Gesundheitsdaten' }).click();
    await dialog.getByTestId('list-count').getByText('1 Eintrag').waitFor();
    expect(await rows.first().textContent()).toContain('Wagner, Michael');
    await dialog.getByLabel('Gesundheitsdaten', { exact: true }).click();
    await page.getByRole('option', { name: 'Alle Zugriffe' }).click();
    await dialog.getByTestId('list-count').getByText('3 Einträge').waitFor();

    // Sort by reader: Administrator … , Hoffmann, Wagner ascending.
    await dialog.getByRole('columnheader', { name: /Gelesen von/ }).click();
    await expect.poll(async () => (await rows.nth(2).textContent()) ?? '').toContain('Wagner, Michael');
    expect(await rows.nth(1).textContent()).toContain('Hoffmann, Katrin');

    // Search by reader; a search that matches nobody says so.
    await dialog.getByLabel('Leser suchen').fill('Hoffmann');
    await dialog.getByTestId('list-count').getByText('1 Eintrag').waitFor();
    await dialog.getByLabel('Leser suchen').fill('Niemand-xyz');
    await dialog.getByText('Keine Zugriffe gefunden.').waitFor();
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Reopening starts afresh and shows the read of the reopened page too (the page was not reloaded: still 3).
    await page.getByRole('button', { name: 'Leseprotokoll' }).click();
    await dialog.getByTestId('list-count').getByText('3 Einträge').waitFor();
    await context.close();

    // On a phone the log reads as a list too.
    const phone = await newPage(browser, { phone: true });
    await signIn(phone.page, 'admin');
    await openReport(phone.page, id);
    await phone.page.getByRole('button', { name: 'Leseprotokoll' }).click();
    const phoneDialog = phone.page.getByRole('dialog', { name: 'Leseprotokoll der Unfallmeldung' });
    // Four reads now: 'fuehrung', 'sifa', the desktop page and this one.
    await phoneDialog.getByTestId('list-count').getByText('4 Einträge').waitFor();
    await expect
      .poll(async () => (await listRows(phone.page, grid).first().textContent()) ?? '')
      .toContain('Administrator');
    await expectAccessible(phone.page);
    await phone.context.close();
  }, 180_000);

  it('says which years divide by today’s staff and which by their monthly snapshots after the job ran', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/accidents/statistics');
    const year = new Date().getFullYear();
    // A year far back has no snapshot: today's figures, said plainly.
    await page.getByLabel('Jahr', { exact: true }).fill('2016');
    await page.getByRole('button', { name: 'Anzeigen', exact: true }).click();
    await page
      .getByText(
        'Für 2016 liegt kein Monatsstand vor: Beschäftigte und Stunden nach heutigem Stand verwendet.',
      )
      .waitFor();
    await page
      .getByText(
        'Für 2015 liegt kein Monatsstand vor: Beschäftigte und Stunden nach heutigem Stand verwendet.',
      )
      .waitFor();
    await expectAccessible(page);

    // The scheduler's job takes this month's snapshot.
    const job = 'Unfallstatistik: Monatsstand der Beschäftigten';
    await page.goto('/taskschedule/edit');
    await page.getByRole('button', { name: `Jetzt ausführen: ${job}` }).click();
    await page
      .getByRole('region', { name: `Läufe: ${job}` })
      .getByText(/\d+ Monatsst(and|ände) für \d\d\/\d{4} erfasst\./)
      .first()
      .waitFor();

    await page.goto('/accidents/statistics');
    await page.getByLabel('Jahr', { exact: true }).fill(String(year));
    await page.getByRole('button', { name: 'Anzeigen', exact: true }).click();
    const source = page
      .getByTestId('statistics-totals')
      .getByRole('row')
      .filter({
        has: page.getByRole('rowheader', { name: 'Grundlage Beschäftigte und Stunden', exact: true }),
      });
    await expect
      .poll(async () => (await source.getByRole('cell').first().textContent()) ?? '')
      .toMatch(/^Monatsst(and|ände) \(\d+ Monate?\)$/);
    expect(await source.getByRole('cell').nth(1).textContent()).toBe('heutiger Stand');
    expect(await page.getByText(`Für ${year} liegt kein Monatsstand vor`).count()).toBe(0);
    await page.getByText(`Für ${year - 1} liegt kein Monatsstand vor`).waitFor();
    await context.close();
  }, 120_000);
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { api } from './support/api.ts';
import { drawer, launchBrowser, newPage, signIn } from './support/browser.ts';
import { pickRow } from './support/pickers.ts';

const suffix = Date.now().toString(36).toUpperCase();

describe('occupational-medical precaution (decision 057)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps the catalogues, records a mandatory precaution, sees it due, records the check-up; the employee confirms an offer with the password', async () => {
    // The employee whose precautions are kept.
    const worker = await newPage(browser);
    await signIn(worker.page, 'mitarbeiter');
    const me = (
      await api<{ employee: { id: number; lastName: string; firstName: string } }>(
        worker.page,
        'GET',
        'auth/user',
      )
    ).data.employee;

    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await drawer(page).getByRole('link', { name: 'Stammdaten Arbeitsmedizin', exact: true }).click();
    await page.waitForURL(/\/occupational-medicine\/catalogues$/);
    await expectAccessible(page);

    // An executing body with line 2; an empty name and a duplicate are refused in German.
    const body = `Arbeitsmedizinischer Dienst ${suffix}`;
    await page.getByRole('button', { name: 'Neuer Eintrag' }).click();
    let dialog = page.getByRole('dialog', { name: 'Eintrag anlegen' });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Bitte geben Sie eine Bezeichnung an.').first().waitFor();
    await dialog.getByLabel('Bezeichnung').fill(body);
    await dialog.getByLabel('Zeile 2').fill('Werkstraße 1');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`${body} – Werkstraße 1`).waitFor();
    await page.getByRole('button', { name: 'Neuer Eintrag' }).click();
    dialog = page.getByRole('dialog', { name: 'Eintrag anlegen' });
    await dialog.getByLabel('Bezeichnung').fill(body.toUpperCase());
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Eintrag existiert bereits.').first().waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();

    // A trigger reason in the tab „Anlässe“.
    const reason = `Lärm ${suffix}`;
    await page.getByRole('tab', { name: 'Anlässe' }).click();
    await page.getByRole('button', { name: 'Neuer Eintrag' }).click();
    dialog = page.getByRole('dialog', { name: 'Eintrag anlegen' });
    await expect(dialog.getByLabel('Zeile 2').count()).resolves.toBe(0);
    await dialog.getByLabel('Bezeichnung').fill(reason);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(reason, { exact: true }).waitFor();

    // A mandatory precaution for the employee, due before the activity starts.
    await drawer(page).getByRole('link', { name: 'Arbeitsmedizinische Vorsorge', exact: true }).click();
    await page.waitForURL(/\/occupational-medicine\/precautions$/);
    await page.getByRole('table', { name: 'Arbeitsmedizinische Vorsorge' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Vorsorge anlegen' }).click();
    dialog = page.getByRole('dialog', { name: 'Vorsorge anlegen' });
    await dialog.getByLabel('Beginn der Tätigkeit').fill('2026-01-15');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Bitte wählen Sie einen Anlass.').first().waitFor();
    await dialog.getByRole('button', { name: 'Mitarbeiter auswählen' }).first().click();
    await pickRow(
      page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' }),
      me.lastName ?? '',
      new RegExp(me.lastName ?? ''),
    );
    await dialog.getByRole('combobox', { name: 'Anlass' }).click();
    await page.getByRole('option', { name: reason, exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Durchführende Stelle' }).click();
    await page.getByRole('option', { name: body, exact: true }).click();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: new RegExp(reason) });
    await row.getByText('Pflichtvorsorge').waitFor();
    await row.getByText('Fällig', { exact: true }).waitFor();
    await row.getByText('15.01.26').waitFor();
    await row.getByText('Noch keine').waitFor();

    // The check-up with its assessment kind: a future date is refused.
    await row.getByRole('button', { name: 'Vorsorge dokumentieren' }).click();
    dialog = page.getByRole('dialog', { name: /Vorsorge dokumentieren/ });
    await dialog.getByLabel('Datum der Vorsorge').fill('2099-01-10');
    await dialog.getByRole('combobox', { name: 'Art der Beurteilung' }).click();
    await page.getByRole('option', { name: 'Keine Bedenken unter Voraussetzungen', exact: true }).click();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Das Datum liegt in der Zukunft.').first().waitFor();
    await expectAccessible(page);
    await dialog.getByLabel('Datum der Vorsorge').fill('2026-01-10');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('10.01.26 – Keine Bedenken unter Voraussetzungen').waitFor();
    await row.getByText('10.01.29').waitFor();
    await expect(row.getByText('Fällig', { exact: true }).count()).resolves.toBe(0);

    // An offered precaution for the employee (recorded through the API).
    const reasons = await api<{ id: number; name: string }[]>(
      page,
      'GET',
      'occupational-medicine/catalogues/assessmentReason',
    );
    const reasonId = reasons.data.find((r) => r.name === reason)!.id;
    const offer = await api(page, 'POST', 'occupational-medicine/precautions', {
      employeeId: me.id,
      type: 'offer',
      reasonId,
      activityStart: '2026-12-01',
    });
    expect(offer.status).toBe(201);
    await context.close();

    // The employee confirms the offer with the password; a wrong one is refused on the server.
    const wp = worker.page;
    await drawer(wp).getByRole('link', { name: 'Meine Vorsorge', exact: true }).click();
    await wp.waitForURL(/\/occupational-medicine\/own$/);
    const card = wp.getByRole('region', { name: reason }).filter({ hasText: 'Angebotsvorsorge' });
    await card.waitFor();
    await expectAccessible(wp);
    await card.getByRole('button', { name: 'Bereitschaft bestätigen' }).click();
    dialog = wp.getByRole('dialog', { name: 'Angebotsvorsorge bestätigen' });
    await dialog.getByLabel('Kennwort').fill('falsches-Kennwort');
    await dialog.getByRole('button', { name: 'Bereitschaft bestätigen' }).click();
    await dialog.getByText('Das Kennwort ist falsch.').first().waitFor();
    await expectAccessible(wp);
    await dialog.getByLabel('Kennwort').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Bereitschaft bestätigen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText(/Bereitschaft bestätigt am/).waitFor();
    await expect(card.getByRole('button', { name: 'Bereitschaft bestätigen' }).count()).resolves.toBe(0);
    await worker.context.close();
  });

  it('the settings tab „Arbeitsmedizin“ refuses bad input in German and saves', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/settings/occupationalMedicine');
    const region = page.getByRole('region', { name: 'Arbeitsmedizin' });
    const interval = region.getByLabel('Abstand der Folgevorsorge in Monaten');
    await interval.fill('0');
    await region.getByText('Mindestens 1 Monat.').waitFor();
    await expectAccessible(page);
    await interval.fill('36');
    await region.getByLabel('Vorlaufzeit in Tagen').click();
    await page.getByRole('option', { name: '42', exact: true }).click();
    await region.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Einstellungen wurden gespeichert.').waitFor();
    const saved = await api<{ value: Record<string, unknown> }>(page, 'GET', 'settings/occupationalMedicine');
    expect(saved.data.value).toEqual({ defaultIntervalMonths: 36, leadDays: 42, reminderLeadDays: 14 });
    await context.close();
  });

  it("the employee's own precautions fit a phone", async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'mitarbeiter', '/occupational-medicine/own');
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await expectAccessible(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  });
});

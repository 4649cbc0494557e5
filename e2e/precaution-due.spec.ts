import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36).toUpperCase();

/** yyyy-mm-dd in Berlin, `days` from today. */
function berlinDay(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(d);
}
const german = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(2, 4)}`;

/** Opens a select and picks an option; reopens it while its options are still loading. */
async function choose(page: Page, field: string, option: string | RegExp) {
  await waitUntil(
    async () => {
      await page.getByRole('combobox', { name: field }).click();
      const found = page.getByRole('option', { name: option }).first();
      if (await found.isVisible()) {
        await found.click();
        return true;
      }
      await page.keyboard.press('Escape');
      return false;
    },
    `option ${String(option)} of ${field}`,
    30_000,
  );
}

type Me = { employee: { id: number; lastName: string; firstName: string } };
type Precaution = { id: number; version: number; nextDue: string };

/** A trigger reason of its own and a precaution for an employee, through the API (the UI's create has its spec). */
async function precautionFor(admin: Page, employeeId: number, reason: string, activityStart: string) {
  const entry = await api<{ id: number }>(
    admin,
    'POST',
    'occupational-medicine/catalogues/assessmentReason',
    {
      name: reason,
    },
  );
  expect(entry.status).toBe(201);
  const created = await api<Precaution>(admin, 'POST', 'occupational-medicine/precautions', {
    employeeId,
    type: 'mandatory',
    reasonId: entry.data.id,
    activityStart,
  });
  expect(created.status).toBe(201);
  return created.data;
}

/**
 * Decision 064: a due precaution is the employee's check-up item „Arbeitsmedizinische Vorsorge“; the employee
 * books it (T) and sees it on the dashboard tab „Termine und arbeitsmedizinische Vorsorge“, the recorded
 * check-up completes it (E); precautions are edited (a stale version keeps the form) and deleted; the lead times.
 */
describe('due precautions, the dashboard tab, editing precautions (decision 064)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a due precaution becomes a check-up item: booked on the dashboard, done by the recorded check-up', async () => {
    const reason = `Atemschutz ${suffix}`;
    const title = `Betriebsarzt ${suffix}`;
    const day = berlinDay(9);
    // The safety specialist („sifa“) is the employee with the due precaution; they also read all precautions.
    const employee = await newPage(browser);
    const ep = employee.page;
    await signIn(ep, 'sifa');
    const me = (await api<Me>(ep, 'GET', 'auth/user')).data.employee;

    const adminSide = await newPage(browser);
    const admin = adminSide.page;
    await signIn(admin, 'admin', '/occupational-medicine/precautions');
    await precautionFor(admin, me.id, reason, berlinDay(-3));
    const locations = await api<{ nodes: { id: number }[] }>(admin, 'GET', 'locations/tree');
    const window = await api<{ id: number; version: number }>(admin, 'POST', 'appointments/windows', {
      title,
      locationId: locations.data.nodes[0]!.id,
      topicId: null,
      fromTime: '16:00',
      toTime: '18:00',
      durationMinutes: 30,
      gridMinutes: 30,
      seats: 1,
      rule: 'none',
      allowedShiftMinutes: 0,
      days: [day],
    });
    expect(window.status).toBe(201);

    // The dashboard tab: the precaution is due (overdue), its item still open; the overdue list names the employee.
    await ep.goto('/');
    await ep.getByRole('tab', { name: 'Termine und arbeitsmedizinische Vorsorge' }).click();
    await ep.waitForURL(/\?tab=appointments$/);
    const mine = ep.getByRole('region', { name: 'Meine fällige Vorsorge' });
    const item = mine.getByRole('listitem').filter({ hasText: reason });
    await item.getByText('Termin offen').waitFor();
    await item.getByText('überfällig').waitFor();
    const overdue = ep.getByRole('region', { name: 'Überfällige Vorsorge' });
    await overdue
      .getByRole('row', { name: new RegExp(reason) })
      .getByText(me.lastName)
      .waitFor();
    await expectAccessible(ep);

    // The employee books the item „Arbeitsmedizinische Vorsorge“ like any appointment.
    await ep
      .getByRole('region', { name: 'Meine nächsten Termine' })
      .getByRole('link', { name: 'Zu „Meine Termine“' })
      .click();
    await ep.waitForURL(/\/appointments\/book$/);
    await ep.getByRole('checkbox', { name: /Arbeitsmedizinische Vorsorge/ }).check();
    await choose(ep, 'Zeitfenster', new RegExp(title));
    await choose(ep, 'Tag', german(day));
    await choose(ep, 'Uhrzeit', /^16:00–/);
    await ep.getByRole('button', { name: 'Buchen' }).click();
    await ep.getByText(`Der Termin am ${german(day)} um 16:00 Uhr wurde gebucht.`).waitFor();

    // Back on the dashboard: the next appointment, the precaution's item booked (T).
    await ep.goto('/?tab=appointments');
    const next = ep.getByRole('region', { name: 'Meine nächsten Termine' });
    await next.getByText(new RegExp(`${german(day)}, 16:00–\\d\\d:\\d\\d Uhr`)).waitFor();
    await next.getByText(new RegExp(`${title}.*Arbeitsmedizinische Vorsorge`)).waitFor();
    await mine.getByRole('listitem').filter({ hasText: reason }).getByText('Termin gebucht').waitFor();
    await expectAccessible(ep);

    // The works doctor's result is recorded: the item is done and the precaution no longer due.
    await admin.reload();
    const row = admin.getByRole('row', { name: new RegExp(reason) });
    await row.getByRole('button', { name: 'Vorsorge dokumentieren' }).click();
    const dialog = admin.getByRole('dialog', { name: /Vorsorge dokumentieren/ });
    // Yesterday: never in the future, whichever time zone the server's day is in.
    await dialog.getByLabel('Datum der Vorsorge').fill(berlinDay(-1));
    await dialog.getByRole('combobox', { name: 'Art der Beurteilung' }).click();
    await admin.getByRole('option', { name: 'Keine Bedenken', exact: true }).click();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await ep.reload();
    await mine.waitFor();
    await expect(mine.getByText(reason).count()).resolves.toBe(0);
    const bookable = await api<{ topicLabel: string }[]>(ep, 'GET', 'appointments/bookable');
    expect(bookable.data.filter((b) => b.topicLabel === 'Arbeitsmedizinische Vorsorge')).toEqual([]);

    // The recorded check-up also completed the booked appointment (decision 072).
    const bookings = await api<{ id: number; windowId: number; state: string }[]>(
      ep,
      'GET',
      `appointments/bookings?employeeId=${me.id}`,
    );
    expect(bookings.data.find((b) => b.windowId === window.data.id)?.state).toBe('done');
    // Tidy up: the window is set inactive (the next run offers the same slot again).
    const current = await api<{ id: number; version: number }[]>(admin, 'GET', 'appointments/windows');
    const stored = current.data.find((w) => w.id === window.data.id)!;
    expect(
      (
        await api(admin, 'PATCH', `appointments/windows/${stored.id}`, {
          active: false,
          version: stored.version,
        })
      ).status,
    ).toBe(200);
    await employee.context.close();
    await adminSide.context.close();
  });

  it('edits a precaution (a stale version keeps the form), refuses bad input in German and deletes it', async () => {
    const reason = `Hautschutz ${suffix}`;
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/occupational-medicine/precautions');
    // The supervisor „fuehrung“ (personnel number 000102).
    const people = await api<{ rows: { id: number }[] }>(page, 'GET', 'employee/list?search=000102');
    const employeeId = people.data.rows[0]!.id;
    const created = await precautionFor(page, employeeId, reason, berlinDay(100));
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(reason) });
    await row.getByText(german(berlinDay(100))).waitFor();
    await row.getByRole('button', { name: /^Vorsorge von .* bearbeiten$/ }).click();
    const dialog = page.getByRole('dialog', { name: /Vorsorge bearbeiten/ });
    await expectAccessible(page);

    // Bad input: the server's German field message.
    await dialog.getByLabel('Abstand in Monaten').fill('0');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Mindestens 1 Monat.').first().waitFor();
    await dialog.getByLabel('Abstand in Monaten').fill('24');
    await dialog.getByLabel('Beginn der Tätigkeit').fill(berlinDay(120));

    // Someone else changes the precaution meanwhile: the save answers 409, the form keeps what was typed.
    const other = await api(page, 'PATCH', `occupational-medicine/precautions/${created.id}`, {
      intervalMonths: 12,
      version: created.version,
    });
    expect(other.status).toBe(200);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByTestId('conflict-alert').waitFor();
    await expect(dialog.getByLabel('Beginn der Tätigkeit').inputValue()).resolves.toBe(berlinDay(120));
    await expect(dialog.getByLabel('Abstand in Monaten').inputValue()).resolves.toBe('24');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Neu laden' }).click();
    await dialog.getByTestId('conflict-alert').waitFor({ state: 'hidden' });
    await expect(dialog.getByLabel('Abstand in Monaten').inputValue()).resolves.toBe('24');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Vorsorge wurde gespeichert.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText(german(berlinDay(120))).waitFor();
    const stored = await api<Precaution & { intervalMonths: number }>(
      page,
      'GET',
      `occupational-medicine/precautions/${created.id}`,
    );
    expect(stored.data).toMatchObject({ intervalMonths: 24, nextDue: berlinDay(120) });

    // Delete with confirmation.
    await row.getByRole('button', { name: /^Vorsorge von .* bearbeiten$/ }).click();
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Vorsorge löschen' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Die Vorsorge wurde gelöscht.').waitFor();
    await expect(page.getByRole('row', { name: new RegExp(reason) }).count()).resolves.toBe(0);
    await context.close();
  });

  it('the lead times in the settings tab „Arbeitsmedizin“', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/settings/occupationalMedicine');
    const region = page.getByRole('region', { name: 'Arbeitsmedizin' });
    await region.getByText(/als Zuweisung „Arbeitsmedizinische Vorsorge“ angeboten/).waitFor();
    await region.getByLabel('Erinnerung in Tagen vor Fälligkeit').click();
    await page.getByRole('option', { name: 'keine', exact: true }).click();
    await region.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Einstellungen wurden gespeichert.').waitFor();
    await expectAccessible(page);
    let saved = await api<{ value: Record<string, unknown> }>(page, 'GET', 'settings/occupationalMedicine');
    expect(saved.data.value).toMatchObject({ reminderLeadDays: null });
    // Back to 14 days (other specs expect the default).
    await page.reload();
    await region.getByLabel('Erinnerung in Tagen vor Fälligkeit').click();
    await page.getByRole('option', { name: '14', exact: true }).click();
    await region.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Einstellungen wurden gespeichert.').waitFor();
    saved = await api<{ value: Record<string, unknown> }>(page, 'GET', 'settings/occupationalMedicine');
    expect(saved.data.value).toMatchObject({ reminderLeadDays: 14 });
    await context.close();
  });

  it('the dashboard tab fits a phone', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await signIn(page, 'mitarbeiter', '/?tab=appointments');
    await page.getByRole('region', { name: 'Meine fällige Vorsorge' }).waitFor();
    await page.getByRole('region', { name: 'Meine nächsten Termine' }).waitFor();
    await expectAccessible(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  });
});

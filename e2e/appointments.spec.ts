import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { api } from './support/api.ts';
import { launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';
import { chooseRow } from './support/pickers.ts';
import { startSmtp } from './support/smtp.ts';

const suffix = Date.now().toString(36).toUpperCase();
const EMPLOYEE_ADDRESS = 'anna.schmidt@rheinwerk-chemie.de';

/** yyyy-mm-dd in Berlin, `days` from today. */
function berlinDay(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(d);
}
const german = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(2, 4)}`;

/** The text of the text/calendar part of a raw mail (base64 or quoted-printable). */
function calendarPart(raw: string): { header: string; body: string } {
  const at = raw.search(/Content-Type: text\/calendar/i);
  expect(at, 'the mail has a text/calendar part').toBeGreaterThan(-1);
  const rest = raw.slice(at);
  const split = rest.search(/\r?\n\r?\n/);
  const header = rest.slice(0, split);
  const encoded = rest
    .slice(split)
    .trim()
    .split(/\r?\n--/)[0]!;
  const body = /base64/i.test(header)
    ? Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('utf8')
    : encoded
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return { header, body };
}

async function choose(page: Page, field: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Runs the outbox job from the scheduler page (as the administrator). */
async function sendOutbox(admin: Page) {
  await admin.goto('/taskschedule/edit');
  await admin.getByRole('button', { name: 'Jetzt ausführen: E-Mail-Postausgang senden' }).click();
}

/**
 * Decision 060: an administrator creates a time window (bad input refused in German), an employee books on a
 * phone and gets the mail with the iCalendar file at the test SMTP server, cancels (the cancelling file arrives),
 * books again, and locking the day cancels the booking and mails the employee.
 */
describe('appointments', () => {
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
  });

  it('window, booking with iCalendar mail on a phone, cancelling, locking a day', async () => {
    const day = berlinDay(7);
    const title = `Sehtest ${suffix}`;
    const adminSide = await newPage(browser);
    const admin = adminSide.page;
    await signIn(admin, 'admin', '/appointments/windows');

    // The outbox delivers to the test server.
    const mail = await api<{ version: number; value: Record<string, unknown> }>(
      admin,
      'GET',
      'settings/mail',
    );
    const saved = await api(admin, 'PUT', 'settings/mail', {
      version: mail.data.version,
      value: {
        ...mail.data.value,
        host: '127.0.0.1',
        port: smtp.port,
        security: 'none',
        user: '',
        password: '',
        senderAddress: 'arbeitsschutz@rheinwerk-chemie.de',
      },
    });
    expect(saved.status).toBe(200);

    // A topic and an open appointment item of the employee „mitarbeiter“ (Anna Schmidt).
    const topic = await api<{ id: number }>(admin, 'POST', 'topics', {
      label: `G37 Bildschirm ${suffix}`,
      identifier: `G37-${suffix}`,
    });
    expect(topic.status).toBe(201);
    const people = await api<{ rows: { id: number }[] }>(admin, 'GET', 'employee/list?search=000103');
    const annaId = people.data.rows[0]!.id;
    const assigned = await api(admin, 'POST', 'instructions/assignments', {
      topicId: topic.data.id,
      employeeIds: [annaId],
      type: 'appointment',
    });
    expect(assigned.status).toBe(201);
    // And an occupational-medical check-up of another topic.
    const hearing = await api<{ id: number }>(admin, 'POST', 'topics', {
      label: `Hörtest ${suffix}`,
      identifier: `HT-${suffix}`,
    });
    expect(
      (
        await api(admin, 'POST', 'instructions/assignments', {
          topicId: hearing.data.id,
          employeeIds: [annaId],
          type: 'checkup',
        })
      ).status,
    ).toBe(201);

    // The administrator creates the window: from after to is refused in German; seats are corrected.
    await admin.getByRole('button', { name: 'Neu', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Neues Zeitfenster' });
    await dialog.getByLabel('Bezeichnung').fill(title);
    await dialog.getByRole('button', { name: 'Ort auswählen' }).click();
    const picker = admin.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await picker.locator('[data-row-index="0"][data-loaded="true"]').click();
    await picker.waitFor({ state: 'hidden' });
    await dialog.getByLabel(/^Von/).fill('12:00');
    await dialog.getByLabel(/^Bis/).fill('10:00');
    await dialog.getByLabel('Plätze').fill('2,6');
    await dialog.getByLabel('Erster Tag').click();
    await expect.poll(() => dialog.getByLabel('Plätze').inputValue()).toBe('3');
    await dialog.getByLabel('Erster Tag').fill(day);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Die Uhrzeit „Von“ darf nicht nach „Bis“ liegen').waitFor();
    await expectAccessible(admin);
    await dialog.getByLabel(/^Von/).fill('08:00');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await admin.getByText('Das Zeitfenster wurde gespeichert.').waitFor();
    const card = admin.getByRole('region', { name: title });
    await card.getByText(german(day)).waitFor();
    await card.getByText('3 Plätze', { exact: false }).waitFor();
    await expectAccessible(admin);

    // The employee books on a phone: nothing chosen is refused, then the item, window, day and start.
    const phoneSide = await newPage(browser, { phone: true });
    const phone = phoneSide.page;
    await signIn(phone, 'mitarbeiter', '/appointments/book');
    await phone.getByRole('button', { name: 'Buchen' }).tap();
    await phone.getByText('Bitte wählen Sie mindestens einen offenen Termin').waitFor();
    await phone.getByRole('checkbox', { name: new RegExp(`G37 Bildschirm ${suffix}`) }).check();
    await choose(phone, 'Zeitfenster', new RegExp(title));
    await choose(phone, 'Tag', german(day));
    await choose(phone, 'Uhrzeit', /^08:00–08:30 Uhr/);
    await phone.getByRole('button', { name: 'Buchen' }).tap();
    await phone.getByText(`Der Termin am ${german(day)} um 08:00 Uhr wurde gebucht.`).waitFor();
    await phone.getByText(new RegExp(`${german(day)}, 08:00–08:30 Uhr: ${title}`)).waitFor();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(phone);

    // The booking mail with the calendar file arrives.
    await sendOutbox(admin);
    await waitUntil(
      () => smtp.received.some((m) => m.to.includes(EMPLOYEE_ADDRESS) && /Termin gebucht/.test(m.raw)),
      'the booking mail arrives',
      30_000,
    );
    const bookedMail = smtp.received.find(
      (m) => m.to.includes(EMPLOYEE_ADDRESS) && /Termin gebucht/.test(m.raw),
    )!;
    const request = calendarPart(bookedMail.raw);
    expect(request.header).toMatch(/method=REQUEST/i);
    expect(request.header).toContain('termin.ics');
    expect(request.body).toContain('METHOD:REQUEST');
    expect(request.body).toContain(`SUMMARY:Termin: ${title}`);
    const uid = /UID:(\S+)/.exec(request.body)![1]!;

    // Cancelling sends the cancelling file with the same UID; the item is open again.
    await phone.getByRole('button', { name: `Termin am ${german(day)} um 08:00 Uhr stornieren` }).tap();
    await phone
      .getByRole('dialog', { name: 'Termin stornieren' })
      .getByRole('button', { name: 'Stornieren' })
      .tap();
    await phone.getByText('Der Termin wurde storniert.').waitFor();
    await phone.getByText('Sie haben keine gebuchten Termine.').waitFor();
    await sendOutbox(admin);
    await waitUntil(
      () => smtp.received.some((m) => m.to.includes(EMPLOYEE_ADDRESS) && /Termin storniert/.test(m.raw)),
      'the cancellation mail arrives',
      30_000,
    );
    const cancelMail = smtp.received.find(
      (m) => m.to.includes(EMPLOYEE_ADDRESS) && /Termin storniert/.test(m.raw),
    )!;
    const cancelling = calendarPart(cancelMail.raw);
    expect(cancelling.body).toContain('METHOD:CANCEL');
    expect(cancelling.body).toContain('STATUS:CANCELLED');
    expect(cancelling.body).toContain(`UID:${uid}`);

    // Booked again, then the administrator locks the day: the booking is cancelled and the employee mailed.
    await phone.getByRole('checkbox', { name: new RegExp(`G37 Bildschirm ${suffix}`) }).check();
    await choose(phone, 'Zeitfenster', new RegExp(title));
    await choose(phone, 'Tag', german(day));
    await choose(phone, 'Uhrzeit', /^08:30–09:00 Uhr/);
    await phone.getByRole('button', { name: 'Buchen' }).tap();
    await phone.getByText(`Der Termin am ${german(day)} um 08:30 Uhr wurde gebucht.`).waitFor();
    // The check-up is booked at 09:00 and, in the calendar, marked done by the administrator.
    await phone
      .getByRole('checkbox', { name: new RegExp(`Hörtest ${suffix}.*Arbeitsmedizinische Vorsorge`) })
      .check();
    await choose(phone, 'Uhrzeit', /^09:00–09:30 Uhr/);
    await phone.getByRole('button', { name: 'Buchen' }).tap();
    await phone.getByText(`Der Termin am ${german(day)} um 09:00 Uhr wurde gebucht.`).waitFor();
    await admin.goto('/appointments/calendar');
    await admin.getByLabel('Datum').fill(day);
    await admin
      .getByRole('button', { name: `Termin um 09:00 Uhr am ${german(day)} als erledigt markieren` })
      .click();
    await admin.getByText('Der Termin wurde als erledigt markiert').waitFor();
    await admin
      .getByRole('region', { name: german(day) })
      .getByText('(erledigt)', { exact: false })
      .waitFor();

    const before = smtp.received.filter((m) => /Termin storniert/.test(m.raw)).length;
    await admin.goto('/appointments/windows');
    await admin
      .getByRole('region', { name: title })
      .getByRole('button', { name: `Tag ${german(day)} sperren` })
      .click();
    const confirm = admin.getByRole('dialog', { name: 'Tag sperren' });
    await confirm.getByText('1 Buchung').waitFor();
    await confirm.getByRole('button', { name: 'Sperren' }).click();
    await admin.getByText('Der Tag wurde gesperrt. 1 Buchung wurde storniert').waitFor();
    await admin.getByRole('region', { name: title }).getByText('gesperrt', { exact: true }).waitFor();
    await sendOutbox(admin);
    await waitUntil(
      () => smtp.received.filter((m) => /Termin storniert/.test(m.raw)).length > before,
      'the lock mail arrives',
      30_000,
    );

    // The calendar shows the locked day.
    await admin.goto('/appointments/calendar');
    await admin.getByLabel('Datum').fill(day);
    await admin
      .getByRole('region', { name: german(day) })
      .getByText(title, { exact: false })
      .waitFor();
    await expectAccessible(admin);
    await phone.reload();
    await phone.getByText('Sie haben keine gebuchten Termine.').waitFor();
    // The cancelled appointment is open again; the done check-up is not.
    await phone.getByRole('checkbox', { name: new RegExp(`G37 Bildschirm ${suffix}`) }).waitFor();
    expect(await phone.getByRole('checkbox', { name: new RegExp(`Hörtest ${suffix}`) }).count()).toBe(0);
    await phoneSide.context.close();
    await adminSide.context.close();
  });

  it('a coordinator books for an employee and cancels', async () => {
    const day = berlinDay(8);
    const title = `Impfung ${suffix}`;
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/appointments/book');
    const locations = await api<{ nodes: { id: number }[] }>(page, 'GET', 'locations/tree');
    const created = await api(page, 'POST', 'appointments/windows', {
      title,
      locationId: locations.data.nodes[0]!.id,
      topicId: null,
      fromTime: '13:00',
      toTime: '14:00',
      durationMinutes: 20,
      gridMinutes: 20,
      seats: 1,
      rule: 'firstFree',
      allowedShiftMinutes: 60,
      days: [day],
    });
    expect(created.status).toBe(201);
    await page.reload();
    await page.getByRole('button', { name: 'Mitarbeiter auswählen' }).click();
    const picker = page.getByRole('dialog', { name: 'Bitte Eintrag auswählen' });
    await picker.getByLabel('Suchen').fill('000103');
    await chooseRow(picker, picker.getByRole('grid').getByText('000103'));
    await page.getByRole('checkbox', { name: new RegExp(`G37 Bildschirm ${suffix}`) }).check();
    await choose(page, 'Zeitfenster', new RegExp(title));
    await choose(page, 'Tag', german(day));
    // A window with a rule takes the start as a wish: the first free one at or after it.
    await choose(page, 'Wunschzeit', /^13:20–13:40 Uhr/);
    await page.getByRole('button', { name: 'Buchen' }).click();
    await page.getByText(`Der Termin am ${german(day)} um 13:20 Uhr wurde gebucht.`).waitFor();
    await page.getByText(new RegExp(`${german(day)}, 13:20–13:40 Uhr: ${title}`)).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: `Termin am ${german(day)} um 13:20 Uhr stornieren` }).click();
    await page
      .getByRole('dialog', { name: 'Termin stornieren' })
      .getByRole('button', { name: 'Stornieren' })
      .click();
    await page.getByText('Der Termin wurde storniert.').waitFor();
    await page.getByRole('checkbox', { name: new RegExp(`G37 Bildschirm ${suffix}`) }).waitFor();
    await context.close();
  });

  it('the settings tab „Termine“ refuses bad input in German and saves', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/settings/appointments');
    const region = page.getByRole('region', { name: 'Termine' });
    const overhead = region.getByLabel('Sicherheitsaufschlag in Prozent');
    await overhead.fill('150');
    await region.getByText('Bitte höchstens 100 angeben.').waitFor();
    await expectAccessible(page);
    await overhead.fill('10');
    await region.getByLabel('Mehrfachterminvorschlag in Tagen').fill('-1');
    await region.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Einstellungen wurden gespeichert.').waitFor();
    const saved = await api<{ value: Record<string, unknown> }>(page, 'GET', 'settings/appointments');
    expect(saved.data.value).toMatchObject({ safetyOverheadPercent: 10, multiAppointmentSuggestionDays: -1 });
    await context.close();
  });
});

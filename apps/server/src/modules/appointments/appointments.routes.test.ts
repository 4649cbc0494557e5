import type {
  AppointmentWindow,
  Booking,
  BookingResult,
  CalendarEntry,
  DayChangeResult,
  Slot,
  Suggestion,
} from '@schutzwerk/shared/appointments/appointments.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { locationResponsibilities } from '#modules/employees/tables.ts';
import { instructionAssignments, instructionExceptions } from '#modules/instructions/tables.ts';
import { locations } from '#modules/organisation/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, mainPortalId } from '#test/fixtures.ts';

/** Decision 060: time windows, every booking status code, cancelling, locking days, mails with iCalendar files. */
let t: TestApp;
let admin: ApiClient;
let portalId: number;
let locationId: number;
let otherLocationId: number;
/** The location new windows get unless named (each describe block takes a fresh one). */
let currentLocationId: number;
let topicId: number;
let otherTopicId: number;
let counter = 0;
// Thursday 26.11.2026, 10:00 in Berlin.
const NOW = new Date('2026-11-26T09:00:00Z');
const MONDAY = '2026-11-30';
const TUESDAY = '2026-12-01';

type R = Awaited<ReturnType<ApiClient['get']>>;
function ok<T>(res: R, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ data: T }>().data;
}

async function freshLocation(): Promise<number> {
  counter += 1;
  const [row] = await t.database.db
    .insert(locations)
    .values({ portalId, name: `Ort ${process.pid} ${counter}` })
    .returning({ id: locations.id });
  currentLocationId = row!.id;
  return row!.id;
}

async function userWith(permissions: number[], extra: { email?: string; locationId?: number } = {}) {
  const u = await createUser(t.database.db, { permissions });
  await t.database.db.execute(
    sql`update employees set email = ${extra.email ?? null}, location_id = ${extra.locationId ?? null} where id = ${u.id}`,
  );
  return { ...u, client: await t.client().login(u.login, u.password) };
}

async function assignment(employeeId: number, type = 'appointment', topic = topicId): Promise<number> {
  const [row] = await t.database.db
    .insert(instructionAssignments)
    .values({
      portalId,
      employeeId,
      topicId: topic,
      type,
      status: 'O',
      dueDate: MONDAY,
      originalDueDate: MONDAY,
    })
    .returning({ id: instructionAssignments.id });
  return row!.id;
}

async function status(id: number): Promise<string> {
  const rows = await queryRows<{ status: string }>(
    t.database.db,
    sql`select status from instruction_assignments where id = ${id}`,
  );
  return rows[0]!.status;
}

function window(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `Sehtest ${counter}`,
    locationId: currentLocationId,
    topicId: null,
    fromTime: '08:00',
    toTime: '10:00',
    durationMinutes: 30,
    gridMinutes: 15,
    seats: 1,
    rule: 'none',
    allowedShiftMinutes: 0,
    days: [MONDAY],
    ...overrides,
  };
}

async function createWindow(overrides: Record<string, unknown> = {}): Promise<AppointmentWindow> {
  return ok<AppointmentWindow>(await admin.post('/api/appointments/windows', window(overrides)), 201);
}

function bookingStatusOf(res: R): number {
  return (errorOf(res).details as { bookingStatus: number }).bookingStatus;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = await t.login('admin');
  portalId = await mainPortalId(t.database.db);
  const rows = await t.database.db
    .insert(locations)
    .values([
      { portalId, name: `Terminwerk ${process.pid}` },
      { portalId, name: `Nebenwerk ${process.pid}` },
    ])
    .returning({ id: locations.id });
  locationId = rows[0]!.id;
  otherLocationId = rows[1]!.id;
  currentLocationId = locationId;
  topicId = ok<{ id: number }>(
    await admin.post('/api/topics', { label: 'G37 Bildschirmarbeit', identifier: `G37-${process.pid}` }),
    201,
  ).id;
  otherTopicId = ok<{ id: number }>(
    await admin.post('/api/topics', { label: 'Hörtest', identifier: `H-${process.pid}` }),
    201,
  ).id;
});
afterAll(async () => {
  await t.close();
});

describe('time windows', () => {
  it('answers 401 without sign-in and 403 without the right', async () => {
    expect((await t.client().get('/api/appointments/windows')).statusCode).toBe(401);
    const reader = await userWith([P.APPOINTMENTS]);
    expect((await reader.client.post('/api/appointments/windows', window())).statusCode).toBe(403);
    expect((await reader.client.get('/api/appointments/windows')).statusCode).toBe(200);
  });

  it('creates a window with its days', async () => {
    const w = await createWindow({ topicId, days: [TUESDAY, MONDAY] });
    expect(w.days.map((d) => d.date)).toEqual([MONDAY, TUESDAY]);
    expect(w.topicLabel).toBe('G37 Bildschirmarbeit');
    expect(w.fromTime).toBe('08:00');
    expect(w.inUse).toBe(false);
  });

  it('refuses from after to, and a duration that does not fit', async () => {
    const res = await admin.post('/api/appointments/windows', window({ fromTime: '12:00', toTime: '11:00' }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('APPOINTMENT_WINDOW_TIMES');
    const res2 = await admin.post(
      '/api/appointments/windows',
      window({ fromTime: '11:00', toTime: '11:20', durationMinutes: 30 }),
    );
    expect(errorOf(res2).code).toBe('APPOINTMENT_WINDOW_TIMES');
  });

  it('refuses seats that are not whole numbers', async () => {
    const res = await admin.post('/api/appointments/windows', window({ seats: 2.5 }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('INPUT_VALIDATION_ERROR');
  });

  it('refuses overlapping times at the same location on a shared day', async () => {
    await createWindow({
      locationId: otherLocationId,
      fromTime: '13:00',
      toTime: '15:00',
      days: ['2026-12-07'],
    });
    const res = await admin.post(
      '/api/appointments/windows',
      window({ locationId: otherLocationId, fromTime: '14:00', toTime: '16:00', days: ['2026-12-07'] }),
    );
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('APPOINTMENT_WINDOW_OVERLAP');
    expect(errorOf(res).message).toContain('07.12.26');
    // Adjacent times or another day are fine.
    await createWindow({
      locationId: otherLocationId,
      fromTime: '15:00',
      toTime: '16:00',
      days: ['2026-12-07'],
    });
    await createWindow({
      locationId: otherLocationId,
      fromTime: '14:00',
      toTime: '16:00',
      days: ['2026-12-08'],
    });
  });

  it('refuses a duplicate, a locked, a past and a too distant day', async () => {
    const w = await createWindow({
      locationId: otherLocationId,
      fromTime: '06:00',
      toTime: '07:00',
      days: ['2026-12-10'],
    });
    const dup = await admin.post(`/api/appointments/windows/${w.id}/days`, { date: '2026-12-10' });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup).code).toBe('APPOINTMENT_DAY_DUPLICATE');
    ok(await admin.post(`/api/appointments/windows/${w.id}/days/lock`, { date: '2026-12-10', locked: true }));
    const locked = await admin.post(`/api/appointments/windows/${w.id}/days`, { date: '2026-12-10' });
    expect(errorOf(locked).code).toBe('APPOINTMENT_DAY_LOCKED');
    const past = await admin.post(`/api/appointments/windows/${w.id}/days`, { date: '2026-11-01' });
    expect(errorOf(past).code).toBe('APPOINTMENT_DAY_IN_PAST');
    const far = await admin.post(`/api/appointments/windows/${w.id}/days`, { date: '2028-06-01' });
    expect(far.statusCode).toBe(400);
    expect(errorOf(far).code).toBe('APPOINTMENT_DAY_TOO_FAR');
    expect(errorOf(far).message).toContain('365 Tage');
    const twice = await admin.post(
      '/api/appointments/windows',
      window({ days: ['2026-12-11', '2026-12-11'] }),
    );
    expect(errorOf(twice).code).toBe('APPOINTMENT_DAY_DUPLICATE');
    const added = ok<AppointmentWindow>(
      await admin.post(`/api/appointments/windows/${w.id}/days`, { date: '2026-12-11' }),
    );
    expect(added.days.map((d) => [d.date, d.locked])).toEqual([
      ['2026-12-10', true],
      ['2026-12-11', false],
    ]);
  });

  it('a window in use can only be set inactive; a stale version is a conflict', async () => {
    const w = await createWindow({ fromTime: '16:00', toTime: '17:00' });
    const renamed = ok<AppointmentWindow>(
      await admin.patch(`/api/appointments/windows/${w.id}`, { version: w.version, title: 'Umbenannt' }),
    );
    expect(renamed.title).toBe('Umbenannt');
    expect(renamed.seats).toBe(1);
    const stale = await admin.patch(`/api/appointments/windows/${w.id}`, { version: w.version, seats: 3 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    const emp = await userWith([P.APPOINTMENTS_BOOK_OWN]);
    const a = await assignment(emp.id);
    ok(
      await emp.client.post('/api/appointments/bookings', {
        windowId: w.id,
        date: MONDAY,
        start: '16:00',
        assignmentIds: [a],
        explicit: true,
      }),
      201,
    );
    const used = await admin.patch(`/api/appointments/windows/${w.id}`, {
      version: renamed.version,
      seats: 2,
    });
    expect(used.statusCode).toBe(409);
    expect(errorOf(used).code).toBe('APPOINTMENT_WINDOW_IN_USE');
    const inactive = ok<AppointmentWindow>(
      await admin.patch(`/api/appointments/windows/${w.id}`, { version: renamed.version, active: false }),
    );
    expect(inactive.active).toBe(false);
    expect(inactive.inUse).toBe(true);
  });
});

describe('booking status codes', () => {
  let w: AppointmentWindow;
  let emp: Awaited<ReturnType<typeof userWith>>;
  beforeAll(async () => {
    await freshLocation();
    w = await createWindow({
      fromTime: '08:00',
      toTime: '10:00',
      seats: 1,
      days: [MONDAY, TUESDAY, '2026-11-26'],
    });
  });
  // A fresh employee per test: one unfinished item per employee, topic and type.
  beforeEach(async () => {
    emp = await userWith([P.APPOINTMENTS_BOOK_OWN], { email: 'emma@werk.test', locationId });
  });
  const body = (assignmentIds: number[], over: Record<string, unknown> = {}) => ({
    windowId: w.id,
    date: MONDAY,
    start: '08:00',
    assignmentIds,
    explicit: true,
    ...over,
  });

  it('0: books, sets the item to T, mails the employee with an iCalendar file', async () => {
    await t.database.db.execute(sql`delete from mail_outbox`);
    const a = await assignment(emp.id);
    const res = ok<BookingResult>(await emp.client.post('/api/appointments/bookings', body([a])), 201);
    expect(res.status).toBe(0);
    expect(res.message).toBe('Der Termin wurde gebucht.');
    expect(res.booking).toMatchObject({
      date: MONDAY,
      start: '08:00',
      end: '08:30',
      seat: 1,
      state: 'booked',
    });
    expect(res.booking.items).toEqual([{ assignmentId: a, topicLabel: 'G37 Bildschirmarbeit' }]);
    expect(await status(a)).toBe('T');
    const mails = await queryRows<{
      to_address: string;
      purpose: string;
      attachments: { filename: string; contentType: string; content: string }[];
    }>(t.database.db, sql`select to_address, purpose, attachments from mail_outbox`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.purpose).toBe('appointmentBooked');
    const ics = mails[0]!.attachments[0]!;
    expect(ics.filename).toBe('termin.ics');
    expect(ics.contentType).toContain('method=REQUEST');
    expect(ics.content).toContain('METHOD:REQUEST');
    // 08:00 in Berlin in winter is 07:00 UTC.
    expect(ics.content).toContain('DTSTART:20261130T070000Z');
    expect(ics.content).toMatch(/UID:[0-9a-f-]+@schutzwerk/);

    // Cancelling: back to open, the cancelling file with the same UID.
    const uid = /UID:(\S+)/.exec(ics.content)![1];
    const cancelled = ok<Booking>(
      await emp.client.post(`/api/appointments/bookings/${res.booking.id}/cancel`),
    );
    expect(cancelled.state).toBe('cancelled');
    expect(await status(a)).toBe('O');
    const [cancelMail] = await queryRows<{
      purpose: string;
      attachments: { content: string; contentType: string }[];
    }>(
      t.database.db,
      sql`select purpose, attachments from mail_outbox where purpose = 'appointmentCancelled'`,
    );
    expect(cancelMail!.attachments[0]!.content).toContain('METHOD:CANCEL');
    expect(cancelMail!.attachments[0]!.content).toContain('STATUS:CANCELLED');
    expect(cancelMail!.attachments[0]!.content).toContain(`UID:${uid}`);
    expect(cancelMail!.attachments[0]!.content).toMatch(/SEQUENCE:[1-9]/);
    const again = await emp.client.post(`/api/appointments/bookings/${res.booking.id}/cancel`);
    expect(errorOf(again).code).toBe('APPOINTMENT_BOOKING_STATE');
  });

  it('1: assignment not found or invalid (done)', async () => {
    const res = await emp.client.post('/api/appointments/bookings', body([99_999_999]));
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('BOOKING_ASSIGNMENT_INVALID');
    expect(bookingStatusOf(res)).toBe(1);
    const a = await assignment(emp.id);
    await t.database.db.execute(sql`update instruction_assignments set status = 'E' where id = ${a}`);
    expect(bookingStatusOf(await emp.client.post('/api/appointments/bookings', body([a])))).toBe(1);
  });

  it('2: employee inactive', async () => {
    const other = await createUser(t.database.db, { active: false });
    const a = await assignment(other.id);
    const res = await admin.post('/api/appointments/bookings', body([a]));
    expect(errorOf(res).code).toBe('BOOKING_EMPLOYEE_INVALID');
    expect(bookingStatusOf(res)).toBe(2);
  });

  it('3: topic inactive, or not the window’s topic', async () => {
    const tp = ok<{ id: number }>(
      await admin.post('/api/topics', { label: 'Alt', identifier: `ALT-${process.pid}` }),
      201,
    );
    const a = await assignment(emp.id, 'appointment', tp.id);
    await t.database.db.execute(sql`update instruction_topics set inactive = true where id = ${tp.id}`);
    expect(bookingStatusOf(await emp.client.post('/api/appointments/bookings', body([a])))).toBe(3);
    const tw = await createWindow({ topicId, fromTime: '12:00', toTime: '13:00' });
    const b = await assignment(emp.id, 'appointment', otherTopicId);
    const res = await emp.client.post(
      '/api/appointments/bookings',
      body([b], { windowId: tw.id, start: '12:00' }),
    );
    expect(errorOf(res).code).toBe('BOOKING_TOPIC_INVALID');
  });

  it('4: on the exclusion list', async () => {
    const a = await assignment(emp.id, 'appointment', otherTopicId);
    await t.database.db
      .insert(instructionExceptions)
      .values({ portalId, employeeId: emp.id, topicId: otherTopicId, reason: 'Befreit' });
    const res = await emp.client.post('/api/appointments/bookings', body([a]));
    expect(errorOf(res).code).toBe('BOOKING_EXCLUDED');
    expect(bookingStatusOf(res)).toBe(4);
    await t.database.db.execute(sql`delete from instruction_exceptions where employee_id = ${emp.id}`);
    await t.database.db.execute(sql`delete from instruction_assignments where id = ${a}`);
  });

  it('5: window not found', async () => {
    const a = await assignment(emp.id);
    const res = await emp.client.post('/api/appointments/bookings', body([a], { windowId: 99_999_999 }));
    expect(res.statusCode).toBe(404);
    expect(bookingStatusOf(res)).toBe(5);
    await t.database.db.execute(sql`delete from instruction_assignments where id = ${a}`);
  });

  it('6: several employees', async () => {
    const other = await createUser(t.database.db);
    const a = await assignment(emp.id);
    const b = await assignment(other.id);
    const res = await admin.post('/api/appointments/bookings', body([a, b]));
    expect(errorOf(res).code).toBe('BOOKING_SEVERAL_EMPLOYEES');
    expect(bookingStatusOf(res)).toBe(6);
    await t.database.db.execute(sql`delete from instruction_assignments where id in (${a}, ${b})`);
  });

  it('7: no free period (the seat is taken), and 16: already booked', async () => {
    const a = await assignment(emp.id);
    ok(await emp.client.post('/api/appointments/bookings', body([a], { start: '09:00' })), 201);
    const again = await emp.client.post('/api/appointments/bookings', body([a], { start: '09:30' }));
    expect(errorOf(again).code).toBe('BOOKING_ALREADY_BOOKED');
    expect(bookingStatusOf(again)).toBe(16);
    const other = await userWith([P.APPOINTMENTS_BOOK_OWN]);
    const b = await assignment(other.id);
    // 08:45–09:15 overlaps the booking at 09:00 on the one seat.
    const res = await other.client.post('/api/appointments/bookings', body([b], { start: '08:45' }));
    expect(errorOf(res).code).toBe('BOOKING_NO_FREE_PERIOD');
    expect(bookingStatusOf(res)).toBe(7);
  });

  it('8: not on the grid', async () => {
    const a = await assignment(emp.id, 'checkup');
    const res = await emp.client.post('/api/appointments/bookings', body([a], { start: '08:10' }));
    expect(errorOf(res).code).toBe('BOOKING_NOT_ON_GRID');
    expect(bookingStatusOf(res)).toBe(8);
    await t.database.db.execute(sql`delete from instruction_assignments where id = ${a}`);
  });

  it('9: wrong type (an instruction)', async () => {
    const a = await assignment(emp.id, 'instruction');
    const res = await emp.client.post('/api/appointments/bookings', body([a]));
    expect(errorOf(res).code).toBe('BOOKING_WRONG_TYPE');
    expect(bookingStatusOf(res)).toBe(9);
    await t.database.db.execute(sql`delete from instruction_assignments where id = ${a}`);
  });

  it('10: explicit booking on a window with a rule; 11: the shift exceeded; the rule finds the start', async () => {
    const rw = await createWindow({
      fromTime: '14:00',
      toTime: '16:00',
      seats: 1,
      rule: 'firstFree',
      allowedShiftMinutes: 60,
    });
    const a = await assignment(emp.id, 'checkup');
    const explicit = await emp.client.post(
      '/api/appointments/bookings',
      body([a], { windowId: rw.id, start: '14:00' }),
    );
    expect(errorOf(explicit).code).toBe('BOOKING_EXPLICIT_NOT_ALLOWED');
    expect(bookingStatusOf(explicit)).toBe(10);
    // Wished 14:05 → the first free start on the grid is 14:15.
    const first = ok<BookingResult>(
      await emp.client.post(
        '/api/appointments/bookings',
        body([a], { windowId: rw.id, start: '14:05', explicit: false }),
      ),
      201,
    );
    expect(first.booking.start).toBe('14:15');
    const others = [await userWith([P.APPOINTMENTS_BOOK_OWN]), await userWith([P.APPOINTMENTS_BOOK_OWN])];
    const b = await assignment(others[0]!.id);
    const second = ok<BookingResult>(
      await others[0]!.client.post(
        '/api/appointments/bookings',
        body([b], { windowId: rw.id, start: '14:00', explicit: false }),
      ),
      201,
    );
    expect(second.booking.start).toBe('14:45');
    const c = await assignment(others[1]!.id);
    const res = await others[1]!.client.post(
      '/api/appointments/bookings',
      body([c], { windowId: rw.id, start: '14:00', explicit: false }),
    );
    // Next free is 15:15, 75 minutes after 14:00 > 60 allowed.
    expect(errorOf(res).code).toBe('BOOKING_SHIFT_EXCEEDED');
    expect(bookingStatusOf(res)).toBe(11);
  });

  it('12: not responsible for the employee, unless responsible for their location', async () => {
    const coordinator = await userWith([P.APPOINTMENTS_BOOK]);
    const other = await userWith([], { locationId: otherLocationId });
    const a = await assignment(other.id);
    const res = await coordinator.client.post('/api/appointments/bookings', body([a], { start: '08:30' }));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('BOOKING_NOT_RESPONSIBLE');
    expect(bookingStatusOf(res)).toBe(12);
    // Booking for someone else needs APPOINTMENTS_BOOK: BOOK_OWN alone is refused with 12 too.
    expect(
      bookingStatusOf(await emp.client.post('/api/appointments/bookings', body([a], { start: '08:30' }))),
    ).toBe(12);
    await t.database.db
      .insert(locationResponsibilities)
      .values({ employeeId: coordinator.id, locationId: otherLocationId });
    const booked = ok<BookingResult>(
      await coordinator.client.post(
        '/api/appointments/bookings',
        body([a], { date: TUESDAY, start: '08:30' }),
      ),
      201,
    );
    expect(booked.booking.employeeId).toBe(other.id);
    // The coordinator sees that employee's bookings, not those of someone they are not responsible for.
    const list = ok<Booking[]>(
      await coordinator.client.get(`/api/appointments/bookings?employeeId=${other.id}`),
    );
    expect(list.map((b) => b.id)).toEqual([booked.booking.id]);
    const foreign = await coordinator.client.get(`/api/appointments/bookings?employeeId=${emp.id}`);
    expect(bookingStatusOf(foreign)).toBe(12);
  });

  it('13: start in the past (today before now)', async () => {
    const a = await assignment(emp.id, 'checkup', otherTopicId);
    const res = await emp.client.post(
      '/api/appointments/bookings',
      body([a], { date: '2026-11-26', start: '09:30' }),
    );
    expect(errorOf(res).code).toBe('BOOKING_START_IN_PAST');
    expect(bookingStatusOf(res)).toBe(13);
    await t.database.db.execute(sql`delete from instruction_assignments where id = ${a}`);
  });

  it('14: day locked; 15: window inactive; 17: outside the window or a day not offered', async () => {
    const lw = await createWindow({ fromTime: '18:00', toTime: '19:00', days: [MONDAY, TUESDAY] });
    ok(await admin.post(`/api/appointments/windows/${lw.id}/days/lock`, { date: TUESDAY, locked: true }));
    const a = await assignment(emp.id, 'checkup', otherTopicId);
    const locked = await emp.client.post(
      '/api/appointments/bookings',
      body([a], { windowId: lw.id, date: TUESDAY, start: '18:00' }),
    );
    expect(bookingStatusOf(locked)).toBe(14);
    const notOffered = await emp.client.post(
      '/api/appointments/bookings',
      body([a], { windowId: lw.id, date: '2026-12-02', start: '18:00' }),
    );
    expect(bookingStatusOf(notOffered)).toBe(17);
    const outside = await emp.client.post(
      '/api/appointments/bookings',
      body([a], { windowId: lw.id, start: '18:45' }),
    );
    expect(errorOf(outside).code).toBe('BOOKING_OUTSIDE_WINDOW');
    expect(bookingStatusOf(outside)).toBe(17);
    ok(
      await admin.patch(`/api/appointments/windows/${lw.id}`, {
        version: (await admin.get(`/api/appointments/windows/${lw.id}`)).json<{ data: AppointmentWindow }>()
          .data.version,
        active: false,
      }),
    );
    const inactive = await emp.client.post(
      '/api/appointments/bookings',
      body([a], { windowId: lw.id, start: '18:00' }),
    );
    expect(errorOf(inactive).code).toBe('BOOKING_WINDOW_INACTIVE');
    expect(bookingStatusOf(inactive)).toBe(15);
    await t.database.db.execute(sql`delete from instruction_assignments where id = ${a}`);
  });
});

describe('collections, locking days, done, calendar, suggestions', () => {
  beforeAll(async () => {
    await freshLocation();
  });
  it('books a collection, locking the day cancels it back to open and mails the employee', async () => {
    const w = await createWindow({ fromTime: '11:00', toTime: '12:00', seats: 2, days: ['2026-12-14'] });
    const emp = await userWith([P.APPOINTMENTS_BOOK_OWN], { email: 'kai@werk.test' });
    const a = await assignment(emp.id, 'appointment', topicId);
    const b = await assignment(emp.id, 'checkup', otherTopicId);
    const res = ok<BookingResult>(
      await emp.client.post('/api/appointments/bookings', {
        windowId: w.id,
        date: '2026-12-14',
        start: '11:00',
        assignmentIds: [b, a],
        explicit: true,
      }),
      201,
    );
    expect(res.booking.items.map((i) => i.assignmentId).sort()).toEqual([a, b].sort());
    expect([await status(a), await status(b)]).toEqual(['T', 'T']);
    await t.database.db.execute(sql`delete from mail_outbox`);
    const lock = ok<DayChangeResult>(
      await admin.post(`/api/appointments/windows/${w.id}/days/lock`, { date: '2026-12-14', locked: true }),
    );
    expect(lock.cancelledBookings).toBe(1);
    expect([await status(a), await status(b)]).toEqual(['O', 'O']);
    const mails = await queryRows<{ to_address: string; purpose: string }>(
      t.database.db,
      sql`select to_address, purpose from mail_outbox`,
    );
    expect(mails).toEqual([{ to_address: 'kai@werk.test', purpose: 'appointmentCancelled' }]);

    // Removing a day cancels too.
    ok(await admin.post(`/api/appointments/windows/${w.id}/days`, { date: '2026-12-15' }));
    ok(
      await emp.client.post('/api/appointments/bookings', {
        windowId: w.id,
        date: '2026-12-15',
        start: '11:00',
        assignmentIds: [a],
        explicit: true,
      }),
      201,
    );
    const removed = ok<DayChangeResult>(
      await admin.delete(`/api/appointments/windows/${w.id}/days/2026-12-15`),
    );
    expect(removed.cancelledBookings).toBe(1);
    expect(removed.window.days.map((d) => d.date)).toEqual(['2026-12-14']);
    expect(await status(a)).toBe('O');
  });

  it('done sets the items to E with their validity', async () => {
    const w = await createWindow({ fromTime: '11:00', toTime: '12:00', days: ['2026-12-16'] });
    const emp = await userWith([P.APPOINTMENTS_BOOK_OWN]);
    const a = await assignment(emp.id);
    const res = ok<BookingResult>(
      await emp.client.post('/api/appointments/bookings', {
        windowId: w.id,
        date: '2026-12-16',
        start: '11:00',
        assignmentIds: [a],
        explicit: true,
      }),
      201,
    );
    expect((await emp.client.post(`/api/appointments/bookings/${res.booking.id}/done`)).statusCode).toBe(403);
    const done = ok<Booking>(await admin.post(`/api/appointments/bookings/${res.booking.id}/done`));
    expect(done.state).toBe('done');
    expect(await status(a)).toBe('E');
    const [row] = await queryRows<{ valid_until: string }>(
      t.database.db,
      sql`select valid_until::text from instruction_assignments where id = ${a}`,
    );
    expect(row!.valid_until).toBe('2027-12-16');
  });

  it('slots, calendar (names only for readers) and the multi-appointment suggestion', async () => {
    const w = await createWindow({
      locationId: otherLocationId,
      fromTime: '09:00',
      toTime: '10:00',
      seats: 2,
      days: ['2026-12-17'],
    });
    const emp = await userWith([P.APPOINTMENTS_BOOK_OWN], { locationId: otherLocationId });
    const a = await assignment(emp.id);
    const b = await assignment(emp.id, 'checkup', otherTopicId);
    const suggestion = ok<Suggestion>(await emp.client.get('/api/appointments/suggestions'));
    expect(suggestion.enabled).toBe(true);
    expect(suggestion.items).toHaveLength(2);
    for (const item of suggestion.items) expect(item.slot).not.toBeNull();
    ok(
      await emp.client.post('/api/appointments/bookings', {
        windowId: w.id,
        date: '2026-12-17',
        start: '09:00',
        assignmentIds: [a],
        explicit: true,
      }),
      201,
    );
    const slots = ok<Slot[]>(await emp.client.get(`/api/appointments/windows/${w.id}/slots?date=2026-12-17`));
    expect(slots[0]).toEqual({ start: '09:00', end: '09:30', free: 1 });
    const other = await userWith([P.APPOINTMENTS_BOOK_OWN]);
    const cal = ok<CalendarEntry[]>(
      await other.client.get('/api/appointments/calendar?from=2026-12-17&to=2026-12-17'),
    );
    const entry = cal.find((c) => c.windowId === w.id)!;
    expect(entry.bookings).toHaveLength(1);
    expect(entry.bookings[0]!.employeeName).toBe('');
    const calAdmin = ok<CalendarEntry[]>(
      await admin.get('/api/appointments/calendar?from=2026-12-17&to=2026-12-17'),
    );
    expect(calAdmin.find((c) => c.windowId === w.id)!.bookings[0]!.employeeName).toContain('Tess');
    // −1 disables the suggestion.
    const settings = ok<{ version: number }>(await admin.get('/api/settings/appointments'));
    ok(
      await admin.put('/api/settings/appointments', {
        version: settings.version,
        value: {
          safetyOverheadPercent: 10,
          timeGridMinutes: 15,
          multiAppointmentSuggestionDays: -1,
          maxDaysAhead: 365,
        },
      }),
    );
    expect(ok<Suggestion>(await emp.client.get('/api/appointments/suggestions')).enabled).toBe(false);
    // The safety overhead lengthens a new booking: 30 min + 10 % = 33 min.
    const booked = ok<BookingResult>(
      await emp.client.post('/api/appointments/bookings', {
        windowId: w.id,
        date: '2026-12-17',
        start: '09:00',
        assignmentIds: [b],
        explicit: true,
      }),
      201,
    );
    expect(booked.booking.end).toBe('09:33');
    expect(booked.booking.seat).toBe(2);
  });
});

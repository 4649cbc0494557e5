import type { PrecautionDashboard } from '@schutzwerk/shared/occupational-medicine/precaution-dashboard.schema.ts';
import type {
  CatalogueEntry,
  Precaution,
} from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { remindersRepository } from '#modules/instructions/reminders.repository.ts';
import { locations } from '#modules/organisation/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, mainPortalId } from '#test/fixtures.ts';

/**
 * Decision 064: due precautions as check-up assignments of the instructions module (one open item per employee,
 * due on the earliest due precaution), booked (T) in the appointments, done (E) by the recorded check-up; the
 * daily job, the reminder lead time and the dashboard tab's data.
 */
let clock = new Date('2026-06-15T10:00:00Z');
let t: TestApp;
let admin: ApiClient;
let editor: ApiClient;
let doctor: ApiClient;
let doctorId: number;
let reasonName: string;
let coordinator: { id: number; client: ApiClient };
let plain: ApiClient;
let portalId: number;
let reasonId: number;
let counter = 0;

type R = Awaited<ReturnType<ApiClient['get']>>;
function ok<T>(res: R, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ data: T }>().data;
}
/** dd.mm.yy, as mails show dates. */
function germanDay(iso: string) {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y!.slice(2)}`;
}
/** A day relative to the clock, as YYYY-MM-DD. */
function day(offset: number) {
  const d = new Date(clock);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}
async function person(permissions: number[] = []) {
  const u = await createUser(t.database.db, { permissions });
  return { id: u.id, client: await t.client().login(u.login, u.password) };
}
async function items(employeeId: number) {
  return queryRows<{
    id: number;
    status: string;
    due_date: string;
    identifier: string;
    valid_until: string | null;
  }>(
    t.database.db,
    sql`select a.id, a.status, a.due_date::text as due_date, t.identifier, a.valid_until::text as valid_until
          from instruction_assignments a join instruction_topics t on t.id = a.topic_id
         where a.employee_id = ${employeeId} and a.type = 'checkup' order by a.id`,
  );
}
async function precaution(employeeId: number, activityStart: string, extra: Record<string, unknown> = {}) {
  return ok<Precaution>(
    await editor.post('/api/occupational-medicine/precautions', {
      employeeId,
      type: 'mandatory',
      reasonId,
      activityStart,
      ...extra,
    }),
    201,
  );
}

/**
 * A worker with a precaution due in 3 days and its check-up item booked (T) in a one-seat window on day 2 at 08:30.
 */
async function bookedCheckup() {
  const [location] = await t.database.db
    .insert(locations)
    .values({ portalId, name: `Vorsorgewerk ${process.pid} ${++counter}` })
    .returning({ id: locations.id });
  const worker = await person([P.APPOINTMENTS_BOOK_OWN]);
  await t.database.db.execute(
    sql`update employees set location_id = ${location!.id} where id = ${worker.id}`,
  );
  const p = await precaution(worker.id, day(3));
  const [item] = await items(worker.id);
  const window = ok<{ id: number }>(
    await admin.post('/api/appointments/windows', {
      title: `Betriebsarzt ${++counter}`,
      locationId: location!.id,
      topicId: null,
      fromTime: '08:00',
      toTime: '10:00',
      durationMinutes: 30,
      gridMinutes: 15,
      seats: 1,
      rule: 'none',
      allowedShiftMinutes: 0,
      days: [day(2)],
    }),
    201,
  );
  const booked = ok<{ booking: { id: number } }>(
    await worker.client.post('/api/appointments/bookings', {
      windowId: window.id,
      date: day(2),
      start: '08:30',
      assignmentIds: [item!.id],
      explicit: true,
    }),
    201,
  );
  expect((await items(worker.id))[0]?.status).toBe('T');
  return { worker, p, item: item!, window, bookingId: booked.booking.id };
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  admin = await t.login('admin');
  editor = (await person([P.PRECAUTION_EDIT])).client;
  const doctorPerson = await person([P.PRECAUTION, P.PRECAUTION_ASSESSMENTS]);
  doctor = doctorPerson.client;
  doctorId = doctorPerson.id;
  coordinator = await person([]);
  plain = (await person([])).client;
  portalId = await mainPortalId(t.database.db);
  reasonName = `Lärm ${process.pid}`;
  reasonId = ok<CatalogueEntry>(
    await admin.post('/api/occupational-medicine/catalogues/assessmentReason', { name: reasonName }),
    201,
  ).id;
});
afterAll(async () => {
  await t.close();
});

describe('due precautions as check-up assignments', () => {
  it('offers one item per employee within the lead time, due on the earliest precaution, and follows edits', async () => {
    const worker = await person();
    // Due in 60 days: outside the default lead time of 28 days, no item yet.
    const later = await precaution(worker.id, day(60));
    expect(await items(worker.id)).toEqual([]);
    // Due in 10 days: the item on the portal's topic AMV, open, due then.
    const soon = await precaution(worker.id, day(10));
    const [item] = await items(worker.id);
    expect(item).toMatchObject({ status: 'O', due_date: day(10), identifier: 'AMV' });
    const [topic] = await queryRows<{ released: boolean; inactive: boolean }>(
      t.database.db,
      sql`select released, inactive from instruction_topics where portal_id = ${portalId} and identifier = 'AMV'`,
    );
    expect(topic).toEqual({ released: true, inactive: false });
    // Moving the other precaution into the lead time: still one item, now due on the earlier date.
    ok<Precaution>(
      await editor.patch(`/api/occupational-medicine/precautions/${later.id}`, {
        activityStart: day(5),
        version: later.version,
      }),
    );
    expect(await items(worker.id)).toEqual([
      expect.objectContaining({ id: item!.id, status: 'O', due_date: day(5) }),
    ]);
    // The employee sees both on the dashboard tab, with the item's status.
    const mine = ok<PrecautionDashboard>(await worker.client.get('/api/occupational-medicine/dashboard'));
    expect(mine.leadDays).toBe(28);
    expect(mine.mine.map((r) => [r.id, r.assignmentStatus])).toEqual([
      [later.id, 'O'],
      [soon.id, 'O'],
    ]);
    expect(mine.overdue).toBeNull();
    // Deleting both precautions removes the item nobody booked.
    const fresh = ok<Precaution>(await editor.get(`/api/occupational-medicine/precautions/${later.id}`));
    expect(
      (await editor.delete(`/api/occupational-medicine/precautions/${later.id}?version=${fresh.version}`))
        .statusCode,
    ).toBe(204);
    expect(await items(worker.id)).toEqual([expect.objectContaining({ status: 'O', due_date: day(10) })]);
    expect(
      (await editor.delete(`/api/occupational-medicine/precautions/${soon.id}?version=${soon.version}`))
        .statusCode,
    ).toBe(204);
    expect(await items(worker.id)).toEqual([]);
  });

  it('is booked (T) in the appointments and done (E) when the check-up is recorded', async () => {
    const [location] = await t.database.db
      .insert(locations)
      .values({ portalId, name: `Vorsorgewerk ${process.pid}` })
      .returning({ id: locations.id });
    const worker = await person([P.APPOINTMENTS_BOOK_OWN]);
    await t.database.db.execute(
      sql`update employees set location_id = ${location!.id} where id = ${worker.id}`,
    );
    const p = await precaution(worker.id, day(3));
    const [item] = await items(worker.id);
    const window = ok<{ id: number }>(
      await admin.post('/api/appointments/windows', {
        title: `Betriebsarzt ${++counter}`,
        locationId: location!.id,
        topicId: null,
        fromTime: '08:00',
        toTime: '10:00',
        durationMinutes: 30,
        gridMinutes: 15,
        seats: 1,
        rule: 'none',
        allowedShiftMinutes: 0,
        days: [day(2)],
      }),
      201,
    );
    ok(
      await worker.client.post('/api/appointments/bookings', {
        windowId: window.id,
        date: day(2),
        start: '08:30',
        assignmentIds: [item!.id],
        explicit: true,
      }),
      201,
    );
    expect((await items(worker.id))[0]?.status).toBe('T');
    const dash = ok<PrecautionDashboard>(await worker.client.get('/api/occupational-medicine/dashboard'));
    expect(dash.mine).toEqual([expect.objectContaining({ id: p.id, assignmentStatus: 'T' })]);
    // The check-up on the appointment's day: the item is done, valid until that day; the next precaution is
    // 36 months away, outside the lead time, so no new item.
    clock = new Date(`${day(2)}T12:00:00Z`);
    const recorded = ok<Precaution>(
      await doctor.post(`/api/occupational-medicine/precautions/${p.id}/checkups`, {
        date: day(0),
        assessmentKind: 'fit',
        version: p.version,
      }),
    );
    expect(recorded.nextDue).toBe('2029-06-17');
    expect(await items(worker.id)).toEqual([
      expect.objectContaining({ id: item!.id, status: 'E', valid_until: day(0) }),
    ]);
    const after = ok<PrecautionDashboard>(await worker.client.get('/api/occupational-medicine/dashboard'));
    expect(after.mine).toEqual([]);
  });

  it('completes the booked appointment when the check-up is recorded by hand; its seat stays taken (072)', async () => {
    const { worker, p, item, window, bookingId } = await bookedCheckup();
    // Recorded before the appointment's day (the check-up took place elsewhere): the appointment is done all
    // the same, in the recording's transaction, logged with the recorder.
    ok<Precaution>(
      await doctor.post(`/api/occupational-medicine/precautions/${p.id}/checkups`, {
        date: day(0),
        assessmentKind: 'fitWithLimits',
        version: p.version,
      }),
    );
    expect(await items(worker.id)).toEqual([
      expect.objectContaining({ id: item.id, status: 'E', valid_until: day(0) }),
    ]);
    const bookings = ok<{ id: number; state: string }[]>(
      await worker.client.get('/api/appointments/bookings'),
    );
    expect(bookings).toEqual([expect.objectContaining({ id: bookingId, state: 'done' })]);
    const [log] = await queryRows<{ actor_id: number; changes: unknown }>(
      t.database.db,
      sql`select actor_id, changes from change_log where entity = 'appointment_booking'
            and entity_id = ${String(bookingId)} order by id desc limit 1`,
    );
    expect(log).toEqual({ actor_id: doctorId, changes: { state: { from: 'booked', to: 'done' } } });
    // The one seat at 08:30 is still used: no free place, and another booking there is refused (code 7).
    const slots = ok<{ start: string; free: number }[]>(
      await admin.get(`/api/appointments/windows/${window.id}/slots?date=${day(2)}`),
    );
    expect(slots.find((s) => s.start === '08:30')?.free).toBe(0);
    const other = await person([P.APPOINTMENTS_BOOK_OWN]);
    const otherItem = await precaution(other.id, day(3));
    expect(otherItem.id).toBeGreaterThan(0);
    const [open] = await items(other.id);
    const refused = await other.client.post('/api/appointments/bookings', {
      windowId: window.id,
      date: day(2),
      start: '08:30',
      assignmentIds: [open!.id],
      explicit: true,
    });
    expect(errorOf(refused).code).toBe('BOOKING_NO_FREE_PERIOD');
  });

  it('completes the booked appointment when the sync wizard records the check-up (072)', async () => {
    const { worker, p, item, bookingId } = await bookedCheckup();
    const [{ personnel_number: number } = { personnel_number: '' }] = await queryRows<{
      personnel_number: string;
    }>(t.database.db, sql`select personnel_number from employees where id = ${worker.id}`);
    const [y, m, d] = day(-1).split('-');
    const file = `Personalnummer;Vorsorgeanlass;Untersuchungsdatum;Beurteilung\n${number};${reasonName};${d}.${m}.${y};geeignet\n`;
    const res = await doctor.post('/api/occupational-medicine/sync/commit', {
      fileName: 'arzt.csv',
      content: Buffer.from(file, 'utf8').toString('base64'),
      mapping: { columns: { personnelNumber: 0, occasion: 1, examinationDate: 2, assessment: 3 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { created: number } }>().data.created).toBe(1);
    expect(await items(worker.id)).toEqual([
      expect.objectContaining({ id: item.id, status: 'E', valid_until: day(-1) }),
    ]);
    const bookings = ok<{ id: number; state: string }[]>(
      await worker.client.get('/api/appointments/bookings'),
    );
    expect(bookings).toEqual([expect.objectContaining({ id: bookingId, state: 'done' })]);
    const after = ok<Precaution>(await editor.get(`/api/occupational-medicine/precautions/${p.id}`));
    expect(after.nextDue > day(300)).toBe(true);
  });

  it('keeps a shared item open until the last of its precautions is recorded', async () => {
    const worker = await person();
    const a = await precaution(worker.id, day(1));
    const b = await precaution(worker.id, day(2));
    const [item] = await items(worker.id);
    ok(
      await doctor.post(`/api/occupational-medicine/precautions/${a.id}/checkups`, {
        date: day(0),
        assessmentKind: 'participation',
        version: a.version,
      }),
    );
    // b is still due: the item stays open, now due on b's date.
    expect(await items(worker.id)).toEqual([
      expect.objectContaining({ id: item!.id, status: 'O', due_date: day(2) }),
    ]);
    ok(
      await doctor.post(`/api/occupational-medicine/precautions/${b.id}/checkups`, {
        date: day(0),
        assessmentKind: 'pending',
        version: b.version,
      }),
    );
    expect(await items(worker.id)).toEqual([expect.objectContaining({ id: item!.id, status: 'E' })]);
  });

  it('offers precautions that enter the lead time in the daily job', async () => {
    const worker = await person();
    const p = await precaution(worker.id, day(40));
    expect(await items(worker.id)).toEqual([]);
    clock = new Date(clock.getTime() + 15 * 86_400_000);
    const list = await admin.get('/api/taskschedule/list?search=Vorsorge');
    const task = list
      .json<{ data: { rows: { id: number; key: string }[] } }>()
      .data.rows.find((r) => r.key === 'precaution-assignments')!;
    expect(task).toBeDefined();
    expect((await admin.post(`/api/taskschedule/${task.id}/run`)).statusCode).toBe(202);
    await t.app.scheduler.whenIdle();
    const [run] = (await admin.get(`/api/taskschedule/${task.id}/runs`)).json<{
      data: { rows: { outcome: string; summary: string }[] };
    }>().data.rows;
    expect(run?.outcome).toBe('ok');
    expect(run?.summary).toMatch(/Person\(en\) mit fälliger Vorsorge abgeglichen\.$/);
    expect(await items(worker.id)).toEqual([expect.objectContaining({ status: 'O', due_date: p.nextDue })]);
  });
});

describe('reminders of check-up items', () => {
  it('follow the lead time of the tab „Arbeitsmedizin“, not that of instructions', async () => {
    const worker = await person();
    await precaution(worker.id, day(10));
    const [item] = await items(worker.id);
    const claim = (checkupLeadDays: number | null) =>
      t.database.db.transaction((tx) =>
        remindersRepository.claimReminders(tx, {
          portalId,
          today: day(0),
          leadDays: 14,
          repeatDays: null,
          checkupLeadDays,
        }),
      );
    // Due in 10 days: instructions would be reminded (14 days), a check-up with 7 days or none not yet.
    expect((await claim(7)).map((r) => r.assignment_id)).not.toContain(item!.id);
    expect((await claim(null)).map((r) => r.assignment_id)).not.toContain(item!.id);
    const claimed = await claim(14);
    expect(claimed.find((r) => r.assignment_id === item!.id)).toMatchObject({
      employee_id: worker.id,
      topic_label: 'Arbeitsmedizinische Vorsorge',
      due_date: day(10),
      overdue: false,
    });
  });
});

describe('reminders to the coordinators of due precautions (072)', () => {
  async function runReminders() {
    const list = await admin.get('/api/taskschedule/list?search=Erinnerungen');
    const task = list
      .json<{ data: { rows: { id: number; key: string }[] } }>()
      .data.rows.find((r) => r.key === 'instruction-reminders')!;
    expect(task).toBeDefined();
    expect((await admin.post(`/api/taskschedule/${task.id}/run`)).statusCode).toBe(202);
    await t.app.scheduler.whenIdle();
    const [run] = (await admin.get(`/api/taskschedule/${task.id}/runs`)).json<{
      data: { rows: { outcome: string; summary: string; log: string }[] };
    }>().data.rows;
    expect(run?.outcome).toBe('ok');
    return run!;
  }
  async function named(id: number, email: string | null) {
    await t.database.db.execute(sql`update employees set email = ${email} where id = ${id}`);
    const [row] = await queryRows<{ last_name: string; first_name: string }>(
      t.database.db,
      sql`select last_name, first_name from employees where id = ${id}`,
    );
    return `${row!.last_name}, ${row!.first_name}`;
  }
  async function coordinatorMails() {
    return queryRows<{ to_address: string; subject: string; text_body: string }>(
      t.database.db,
      sql`select to_address, subject, text_body from mail_outbox
           where purpose = 'precautionCoordinatorReminder' order by id`,
    );
  }

  it('mails each coordinator once with their employees’ due precautions; an unusable address is skipped', async () => {
    const good = await person();
    const bad = await person();
    const address = `vorsorge-koordination-${process.pid}@firma.test`;
    await named(good.id, address);
    const badName = await named(bad.id, 'keine-adresse');
    const workers = [await person(), await person(), await person()];
    const names = await Promise.all(workers.map((w) => named(w.id, null)));
    const first = await precaution(workers[0]!.id, day(5), { coordinatorId: good.id });
    const second = await precaution(workers[1]!.id, day(8), { coordinatorId: good.id });
    await precaution(workers[2]!.id, day(6), { coordinatorId: bad.id });
    // The coordinator's own precaution is in their own reminder, not in the coordinator's mail.
    await precaution(good.id, day(4), { coordinatorId: good.id });
    await t.database.db.execute(sql`delete from mail_outbox`);

    const run = await runReminders();
    const mails = await coordinatorMails();
    expect(mails.map((m) => m.to_address)).toEqual([address]);
    const [mail] = mails;
    expect(mail!.subject).toBe('Fällige arbeitsmedizinische Vorsorge Ihrer Mitarbeitenden');
    expect(mail!.text_body).toContain(`${names[0]}`);
    const lines = mail!.text_body.split('\n').filter((l) => l.startsWith('– '));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`${names[0]}`);
    expect(lines[0]).toContain(`Pflichtvorsorge – ${reasonName}, fällig am ${germanDay(first.nextDue)}`);
    expect(lines[1]).toContain(`${names[1]}`);
    expect(lines[1]).toContain(`fällig am ${germanDay(second.nextDue)}`);
    expect(mail!.text_body).not.toContain(names[2]!);
    expect(run.summary).toContain('1 Mail(s) an Koordinatoren der Vorsorge');
    expect(run.log).toContain(
      `${badName} (Koordinator der Vorsorge): keine gültige E-Mail-Adresse (1 Vorsorge(n)).`,
    );

    // The reminders are claimed: a second run the same day mails nobody again.
    await runReminders();
    expect(await coordinatorMails()).toHaveLength(1);
  });
});

describe('the dashboard tab', () => {
  it('lists overdue precautions for readers and for their coordinator only', async () => {
    const worker = await person();
    const overdue = await precaution(worker.id, day(-3), { coordinatorId: coordinator.id });
    const reader = await person([P.PRECAUTION]);
    const forReader = ok<PrecautionDashboard>(
      await reader.client.get('/api/occupational-medicine/dashboard'),
    );
    expect(forReader.overdue?.map((r) => r.id)).toContain(overdue.id);
    const forCoordinator = ok<PrecautionDashboard>(
      await coordinator.client.get('/api/occupational-medicine/dashboard'),
    );
    expect(forCoordinator.overdue?.map((r) => r.id)).toEqual([overdue.id]);
    expect(forCoordinator.overdue?.[0]).toMatchObject({ employeeId: worker.id, assignmentStatus: 'O' });
    const forPlain = ok<PrecautionDashboard>(await plain.get('/api/occupational-medicine/dashboard'));
    expect(forPlain).toMatchObject({ mine: [], overdue: null });
    expect(errorOf(await t.client().get('/api/occupational-medicine/dashboard')).code).toBe(
      'NOT_AUTHENTICATED',
    );
  });
});

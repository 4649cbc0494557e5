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

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  admin = await t.login('admin');
  editor = (await person([P.PRECAUTION_EDIT])).client;
  doctor = (await person([P.PRECAUTION, P.PRECAUTION_ASSESSMENTS])).client;
  coordinator = await person([]);
  plain = (await person([])).client;
  portalId = await mainPortalId(t.database.db);
  reasonId = ok<CatalogueEntry>(
    await admin.post('/api/occupational-medicine/catalogues/assessmentReason', {
      name: `Lärm ${process.pid}`,
    }),
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

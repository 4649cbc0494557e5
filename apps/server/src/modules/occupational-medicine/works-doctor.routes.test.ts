import type {
  WorksDoctor,
  WorksDoctorAppointment,
  WorksDoctorEmployee,
  WorksDoctorProfile,
} from '@schutzwerk/shared/occupational-medicine/works-doctor.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { instructionAssignments } from '#modules/instructions/tables.ts';
import { locations } from '#modules/organisation/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId, mainPortalId } from '#test/fixtures.ts';

/** Decision 063: the works doctor's sign-in, its two messages, the restricted view and its administration. */
const NOW = new Date('2026-11-26T09:00:00Z');
const MONDAY = '2026-11-30';

let t: TestApp;
let admin: ApiClient;
let portalId: number;
let bodyA: number;
let bodyB: number;
let reasonId: number;
let topicId: number;
let windowId: number;
type User = { id: number; login: string; password: string };
let empA: User;
let empB: User;
let empC: User;
let doc: User;
let docEntry: WorksDoctor;

type R = Awaited<ReturnType<ApiClient['get']>>;
function ok<T>(res: R, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ data: T }>().data;
}
const login = (u: User) =>
  t.client().post('/api/works-doctor/login', { username: u.login, password: u.password });
async function signIn(u: User): Promise<ApiClient> {
  const client = t.client();
  const res = await client.post('/api/works-doctor/login', { username: u.login, password: u.password });
  expect(res.statusCode, res.body).toBe(200);
  client.token = res.json<{ token: string }>().token;
  return client;
}
async function sessionsOf(employeeId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from sessions where employee_id = ${employeeId}`,
  );
  return rows[0]!.n;
}
async function setModule(value: Record<string, unknown>) {
  const current = ok<{ version: number; value: Record<string, unknown> }>(
    await admin.get('/api/settings/worksDoctor'),
  );
  return admin.put('/api/settings/worksDoctor', {
    version: current.version,
    value: { ...current.value, ...value },
  });
}
async function precaution(employeeId: number, executingBodyId: number) {
  ok(
    await admin.post('/api/occupational-medicine/precautions', {
      employeeId,
      type: 'mandatory',
      reasonId,
      executingBodyId,
      activityStart: '2026-12-15',
    }),
    201,
  );
}
/** A booked appointment of the employee on MONDAY covering one item of the given type. */
async function booking(employeeId: number, type: 'checkup' | 'appointment', startMinute: number) {
  const [a] = await t.database.db
    .insert(instructionAssignments)
    .values({ portalId, employeeId, topicId, type, status: 'T', dueDate: MONDAY, originalDueDate: MONDAY })
    .returning({ id: instructionAssignments.id });
  const [b] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into appointment_bookings (portal_id, window_id, day, start_minute, end_minute, seat, employee_id, uid)
        values (${portalId}, ${windowId}, ${MONDAY}, ${startMinute}, ${startMinute + 30}, 1, ${employeeId},
          ${`wd-${employeeId}-${startMinute}`}) returning id`,
  );
  await t.database.db.execute(
    sql`insert into appointment_booking_items (booking_id, assignment_id) values (${b!.id}, ${a!.id})`,
  );
  return b!.id;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
  admin = await t.login('admin');
  portalId = await mainPortalId(t.database.db);
  const entry = async (kind: string, name: string) =>
    ok<{ id: number }>(await admin.post(`/api/occupational-medicine/catalogues/${kind}`, { name }), 201).id;
  bodyA = await entry('executingBody', `Betriebsarztzentrum Nord ${process.pid}`);
  bodyB = await entry('executingBody', `Betriebsarztzentrum Süd ${process.pid}`);
  reasonId = await entry('assessmentReason', `Lärm ${process.pid}`);
  empA = await createUser(t.database.db);
  empB = await createUser(t.database.db);
  empC = await createUser(t.database.db);
  await precaution(empA.id, bodyA);
  await precaution(empB.id, bodyB);
  doc = await createUser(t.database.db, { permissions: [P.WORKS_DOCTOR] });
  topicId = ok<{ id: number }>(
    await admin.post('/api/topics', { label: 'G20 Lärm', identifier: `WD-${process.pid}` }),
    201,
  ).id;
  const [location] = await t.database.db
    .insert(locations)
    .values({ portalId, name: `Arztpraxis ${process.pid}` })
    .returning({ id: locations.id });
  const [w] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into appointment_windows (portal_id, location_id, title, from_minute, to_minute, duration_minutes,
          grid_minutes, seats) values (${portalId}, ${location!.id}, 'Vorsorgesprechstunde', 480, 720, 30, 15, 2)
        returning id`,
  );
  windowId = w!.id;
});
afterAll(async () => {
  await t.close();
});

describe('administration (settings tab „Betriebsarzt“)', () => {
  it('keeps works doctors with their executing bodies; rights, duplicates, references, versions', async () => {
    const plain = await t.login(
      (await createUser(t.database.db, { permissions: [P.PRECAUTION] })).login,
      'Test-Kennwort-2026!',
    );
    expect(errorOf(await plain.get('/api/works-doctor/doctors')).code).toBe('NO_PERMISSION');
    expect(errorOf(await plain.post('/api/works-doctor/doctors', { employeeId: doc.id })).code).toBe(
      'NO_PERMISSION',
    );
    docEntry = ok<WorksDoctor>(
      await admin.post('/api/works-doctor/doctors', { employeeId: doc.id, executingBodyIds: [bodyA] }),
      201,
    );
    expect(docEntry).toMatchObject({
      employeeId: doc.id,
      loginName: doc.login,
      hasRight: true,
      loginAllowed: true,
      executingBodies: [{ id: bodyA, active: true }],
    });
    const dup = await admin.post('/api/works-doctor/doctors', { employeeId: doc.id });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup).code).toBe('WORKS_DOCTOR_DUPLICATE');
    const badBody = await admin.post('/api/works-doctor/doctors', {
      employeeId: empC.id,
      executingBodyIds: [reasonId],
    });
    expect(errorOf(badBody).code).toBe('PRECAUTION_REFERENCE_INVALID');
    const other = await createUser(t.database.db, { portalId: await customerPortalId(t.database.db) });
    expect(errorOf(await admin.post('/api/works-doctor/doctors', { employeeId: other.id })).code).toBe(
      'PRECAUTION_EMPLOYEE_NOT_FOUND',
    );
    const stale = await admin.patch(`/api/works-doctor/doctors/${docEntry.id}`, {
      loginAllowed: false,
      version: docEntry.version + 5,
    });
    expect(stale.statusCode).toBe(409);
    expect(
      ok<WorksDoctor[]>(await admin.get('/api/works-doctor/doctors')).find((d) => d.id === docEntry.id),
    ).toEqual(docEntry);
  });

  it('checks the settings: a name is needed when the contact data is shown', async () => {
    const res = await setModule({ showContact: true, contactName: '' });
    expect(res.statusCode).toBe(400);
  });
});

describe('works-doctor sign-in', () => {
  it('answers wrong credentials as any sign-in, the disabled module with its own message', async () => {
    const wrong = await t
      .client()
      .post('/api/works-doctor/login', { username: doc.login, password: 'falsch' });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).code).toBe('INVALID_CREDENTIALS');
    // The module is off by default.
    const off = await login(doc);
    expect(off.statusCode).toBe(403);
    expect(errorOf(off)).toMatchObject({
      code: 'WORKS_DOCTOR_MODULE_UNAVAILABLE',
      message: 'Das Betriebsarzt-Modul ist nicht verfügbar. Bitte wenden Sie sich an Ihren Administrator.',
    });
    expect(await sessionsOf(doc.id)).toBe(0);
  });

  it('refuses misconfigured works-doctor accounts with „invalid works-doctor login“', async () => {
    expect((await setModule({ enabled: true })).statusCode).toBe(200);
    const invalid = async (u: User) => {
      const res = await login(u);
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res).code).toBe('WORKS_DOCTOR_LOGIN_INVALID');
      expect(await sessionsOf(u.id)).toBe(0);
    };
    // An ordinary employee, and one with the right but no works-doctor entry.
    await invalid(empA);
    await invalid(await createUser(t.database.db, { permissions: [P.WORKS_DOCTOR] }));
    // An entry without the right.
    const noRight = await createUser(t.database.db);
    ok(
      await admin.post('/api/works-doctor/doctors', { employeeId: noRight.id, executingBodyIds: [bodyB] }),
      201,
    );
    await invalid(noRight);
    // An entry without an executing body.
    const noBody = await createUser(t.database.db, { permissions: [P.WORKS_DOCTOR] });
    const entry = ok<WorksDoctor>(
      await admin.post('/api/works-doctor/doctors', { employeeId: noBody.id }),
      201,
    );
    expect(entry.executingBodies).toEqual([]);
    await invalid(noBody);
    // Login not allowed.
    const current = ok<WorksDoctor[]>(await admin.get('/api/works-doctor/doctors')).find(
      (d) => d.id === docEntry.id,
    )!;
    const blocked = ok<WorksDoctor>(
      await admin.patch(`/api/works-doctor/doctors/${docEntry.id}`, {
        loginAllowed: false,
        version: current.version,
      }),
    );
    expect(blocked.executingBodies).toHaveLength(1);
    await invalid(doc);
    docEntry = ok<WorksDoctor>(
      await admin.patch(`/api/works-doctor/doctors/${docEntry.id}`, {
        loginAllowed: true,
        version: blocked.version,
      }),
    );
  });
});

describe('the works doctor’s restricted view', () => {
  it('shows only the employees whose precautions name the doctor’s bodies, 404 for the others', async () => {
    const client = await signIn(doc);
    const me = ok<WorksDoctorProfile>(await client.get('/api/works-doctor/me'));
    expect(me.executingBodies.map((b) => b.id)).toEqual([bodyA]);
    const list = ok<WorksDoctorEmployee[]>(await client.get('/api/works-doctor/employees'));
    expect(list.map((e) => e.id)).toEqual([empA.id]);
    expect(list[0]!.precautions).toMatchObject([
      { type: 'mandatory', nextDue: '2026-12-15', due: false, lastCheckup: null },
    ]);
    expect(ok<WorksDoctorEmployee>(await client.get(`/api/works-doctor/employees/${empA.id}`)).id).toBe(
      empA.id,
    );
    for (const other of [empB.id, empC.id, doc.id]) {
      const res = await client.get(`/api/works-doctor/employees/${other}`);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('WORKS_DOCTOR_EMPLOYEE_NOT_FOUND');
    }
    // The rest of the application stays closed: the doctor holds no other right.
    for (const url of [
      '/api/occupational-medicine/precautions',
      '/api/works-doctor/doctors',
      '/api/appointments/calendar?from=2026-11-30&to=2026-11-30',
      '/api/settings/worksDoctor',
    ])
      expect((await client.get(url)).statusCode, url).toBe(403);
    // Ordinary employees and administrators without the right do not reach the view.
    expect((await admin.get('/api/works-doctor/employees')).statusCode).toBe(403);
    const employee = await t.login(empA.login, empA.password);
    expect((await employee.get('/api/works-doctor/employees')).statusCode).toBe(403);
  });

  it('lists the check-up appointments of the doctor’s employees only', async () => {
    const mine = await booking(empA.id, 'checkup', 480);
    await booking(empA.id, 'appointment', 540); // not a check-up
    await booking(empB.id, 'checkup', 600); // another body's employee
    const client = await signIn(doc);
    const rows = ok<WorksDoctorAppointment[]>(
      await client.get(`/api/works-doctor/appointments?from=${MONDAY}&to=${MONDAY}`),
    );
    expect(rows).toMatchObject([
      {
        id: mine,
        day: MONDAY,
        startMinute: 480,
        state: 'booked',
        employeeId: empA.id,
        windowTitle: 'Vorsorgesprechstunde',
      },
    ]);
    expect(
      ok<WorksDoctorAppointment[]>(
        await client.get('/api/works-doctor/appointments?from=2026-12-01&to=2026-12-31'),
      ),
    ).toEqual([]);
    expect(
      (await client.get('/api/works-doctor/appointments?from=2026-12-01&to=2027-12-31')).statusCode,
    ).toBe(400);
    expect((await client.get('/api/works-doctor/appointments?from=x&to=2026-12-01')).statusCode).toBe(400);
  });

  it('records a check-up of their employees only, never findings; the booked appointment becomes done (072)', async () => {
    const client = await signIn(doc);
    const [employee] = ok<WorksDoctorEmployee[]>(await client.get('/api/works-doctor/employees'));
    const own = employee!.precautions[0]!;
    // empA's precaution is due within the lead time: its check-up item, booked by SQL on MONDAY at 11:00.
    const [item] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select a.id from instruction_assignments a join instruction_topics tp on tp.id = a.topic_id
           where a.employee_id = ${empA.id} and a.type = 'checkup' and tp.identifier = 'AMV'`,
    );
    expect(item).toBeDefined();
    await t.database.db.execute(sql`update instruction_assignments set status = 'T' where id = ${item!.id}`);
    const [booked] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into appointment_bookings (portal_id, window_id, day, start_minute, end_minute, seat, employee_id, uid)
          values (${portalId}, ${windowId}, ${MONDAY}, 660, 690, 1, ${empA.id}, ${`wd-amv-${empA.id}`})
          returning id`,
    );
    await t.database.db.execute(
      sql`insert into appointment_booking_items (booking_id, assignment_id) values (${booked!.id}, ${item!.id})`,
    );
    const [other] = await queryRows<{ id: number; version: number }>(
      t.database.db,
      sql`select id, version from occupational_precautions where employee_id = ${empB.id}`,
    );
    const url = (employeeId: number, precautionId: number) =>
      `/api/works-doctor/employees/${employeeId}/precautions/${precautionId}/checkups`;
    const good = { date: '2026-11-25', assessmentKind: 'fitWithLimits', version: own.version };

    // Another body's employee, or that employee's precaution under the doctor's employee: not found.
    let res = await client.post(url(empB.id, other!.id), { ...good, version: other!.version });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('WORKS_DOCTOR_EMPLOYEE_NOT_FOUND');
    res = await client.post(url(empA.id, other!.id), { ...good, version: other!.version });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('PRECAUTION_NOT_FOUND');
    // Only the works doctor's right reaches the route.
    expect((await admin.post(url(empA.id, own.id), good)).statusCode).toBe(403);
    // Bad input answers German field messages; an unknown kind and a future date are refused.
    res = await client.post(url(empA.id, own.id), { date: '', version: own.version });
    expect(res.statusCode).toBe(400);
    const fields = errorOf(res).details as { path: string[]; message: string }[];
    expect(fields.find((f) => f.path.at(-1) === 'assessmentKind')?.message).toBe(
      'Bitte wählen Sie die Art der Beurteilung.',
    );
    expect(fields.find((f) => f.path.at(-1) === 'date')).toBeDefined();
    expect(
      (await client.post(url(empA.id, own.id), { ...good, assessmentKind: 'diagnose' })).statusCode,
    ).toBe(400);
    res = await client.post(url(empA.id, own.id), { ...good, date: '2026-11-27' });
    expect(errorOf(res).code).toBe('PRECAUTION_CHECKUP_IN_FUTURE');
    expect(errorOf(await client.post(url(empA.id, own.id), { ...good, version: own.version + 1 })).code).toBe(
      'CONFLICT',
    );

    // Recorded: date and kind, no free text (an extra field is dropped); the next precaution in 36 months.
    const after = ok<WorksDoctorEmployee>(
      await client.post(url(empA.id, own.id), { ...good, finding: 'Hörminderung links' }),
    );
    expect(after.precautions[0]).toMatchObject({
      id: own.id,
      lastCheckup: { date: '2026-11-25', assessmentKind: 'fitWithLimits' },
      nextDue: '2029-11-25',
      version: own.version + 1,
    });
    const stored = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select * from precaution_checkups where precaution_id = ${own.id}`,
    );
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain('Hörminderung');
    // The change log names the doctor, the date and the due date — not the kind.
    const [log] = await queryRows<{ actor_id: number; changes: Record<string, unknown> }>(
      t.database.db,
      sql`select actor_id, changes from change_log where entity = 'occupational_precaution'
            and entity_id = ${String(own.id)} order by id desc limit 1`,
    );
    expect(log).toEqual({
      actor_id: doc.id,
      changes: {
        checkup: { from: null, to: '2026-11-25' },
        nextDue: { from: '2026-12-15', to: '2029-11-25' },
      },
    });
    // The same recording as by hand (072): the item is done and its booked appointment too.
    const [itemAfter] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from instruction_assignments where id = ${item!.id}`,
    );
    expect(itemAfter?.status).toBe('E');
    const rows = ok<WorksDoctorAppointment[]>(
      await client.get(`/api/works-doctor/appointments?from=${MONDAY}&to=${MONDAY}`),
    );
    expect(rows.find((r) => r.id === booked!.id)?.state).toBe('done');
  });

  it('cuts an open session off when the module is switched off or the body removed', async () => {
    const client = await signIn(doc);
    expect((await setModule({ enabled: false })).statusCode).toBe(200);
    expect(errorOf(await client.get('/api/works-doctor/employees')).code).toBe(
      'WORKS_DOCTOR_MODULE_UNAVAILABLE',
    );
    expect((await setModule({ enabled: true })).statusCode).toBe(200);
    const current = ok<WorksDoctor[]>(await admin.get('/api/works-doctor/doctors')).find(
      (d) => d.id === docEntry.id,
    )!;
    const patched = ok<WorksDoctor>(
      await admin.patch(`/api/works-doctor/doctors/${docEntry.id}`, {
        executingBodyIds: [],
        version: current.version,
      }),
    );
    expect(patched.loginAllowed).toBe(true);
    expect(errorOf(await client.get('/api/works-doctor/employees')).code).toBe('WORKS_DOCTOR_LOGIN_INVALID');
    docEntry = ok<WorksDoctor>(
      await admin.patch(`/api/works-doctor/doctors/${docEntry.id}`, {
        executingBodyIds: [bodyB],
        version: patched.version,
      }),
    );
    const again = await signIn(doc);
    expect(
      ok<WorksDoctorEmployee[]>(await again.get('/api/works-doctor/employees')).map((e) => e.id),
    ).toEqual([empB.id]);
  });
});

describe('contact data for employees', () => {
  it('is shown only while the module is on and the display chosen', async () => {
    const employee = await t.login(empA.login, empA.password);
    expect(ok<unknown>(await employee.get('/api/works-doctor/contact'))).toBeNull();
    expect(
      (
        await setModule({
          showContact: true,
          contactName: 'Dr. Anna Vogt',
          contactPhone: '0711 12345',
          contactEmail: 'praxis@vogt.test',
          contactHours: 'Mo–Do 8–12 Uhr',
        })
      ).statusCode,
    ).toBe(200);
    expect(ok<unknown>(await employee.get('/api/works-doctor/contact'))).toEqual({
      name: 'Dr. Anna Vogt',
      phone: '0711 12345',
      email: 'praxis@vogt.test',
      hours: 'Mo–Do 8–12 Uhr',
    });
    expect((await setModule({ enabled: false })).statusCode).toBe(200);
    expect(ok<unknown>(await employee.get('/api/works-doctor/contact'))).toBeNull();
  });

  it('removes a works doctor with the version', async () => {
    const stale = await admin.delete(
      `/api/works-doctor/doctors/${docEntry.id}?version=${docEntry.version + 3}`,
    );
    expect(stale.statusCode).toBe(409);
    expect(
      (await admin.delete(`/api/works-doctor/doctors/${docEntry.id}?version=${docEntry.version}`)).statusCode,
    ).toBe(204);
    expect(
      ok<WorksDoctor[]>(await admin.get('/api/works-doctor/doctors')).some((d) => d.id === docEntry.id),
    ).toBe(false);
  });
});

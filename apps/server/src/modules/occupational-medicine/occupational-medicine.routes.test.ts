import type {
  CatalogueEntry,
  Precaution,
} from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, employeeActivities } from '#modules/activities/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId, mainPortalId } from '#test/fixtures.ts';

// A fixed clock: 15.06.2026.
const NOW = new Date('2026-06-15T10:00:00Z');

let t: TestApp;
let master: ApiClient;
let editor: ApiClient;
let doctor: ApiClient;
let reader: ApiClient;
let plain: ApiClient;
let worker: { id: number; login: string; password: string };
let workerClient: ApiClient;
let activityId: number;
let otherActivityId: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
  const as = async (permissions: number[]) => {
    const user = await createUser(t.database.db, { permissions });
    return t.login(user.login, user.password);
  };
  master = await as([P.PRECAUTION_MASTER_DATA]);
  editor = await as([P.PRECAUTION_EDIT]);
  doctor = await as([P.PRECAUTION, P.PRECAUTION_ASSESSMENTS]);
  reader = await as([P.PRECAUTION]);
  plain = await as([]);
  worker = await createUser(t.database.db, { password: 'Mein-Kennwort-2026!' });
  workerClient = await t.login(worker.login, worker.password);
  const portalId = await mainPortalId(t.database.db);
  const [a, b] = await t.database.db
    .insert(activities)
    .values([
      { portalId, name: 'Lärmbereich' },
      { portalId, name: 'Bildschirmarbeit' },
    ])
    .returning({ id: activities.id });
  activityId = a!.id;
  otherActivityId = b!.id;
  await t.database.db.insert(employeeActivities).values({ employeeId: worker.id, activityId });
});
afterAll(async () => {
  await t.close();
});

const data = <T>(res: { json: <U>() => U }) => res.json<{ data: T }>().data;
const details = (res: Parameters<typeof errorOf>[0]) =>
  errorOf(res).details as { path: (string | number)[]; message: string }[];

async function entry(kind: string, name: string, line2 = ''): Promise<CatalogueEntry> {
  const res = await master.post(`/api/occupational-medicine/catalogues/${kind}`, { name, line2 });
  expect(res.statusCode, res.body).toBe(201);
  return data<CatalogueEntry>(res);
}

describe('catalogues of occupational-medical precaution', () => {
  it('keeps executing bodies with line 2, unique names per kind, used entries only inactive', async () => {
    expect((await t.client().get('/api/occupational-medicine/catalogues/executingBody')).statusCode).toBe(
      401,
    );
    expect(errorOf(await plain.get('/api/occupational-medicine/catalogues/executingBody')).code).toBe(
      'NO_PERMISSION',
    );
    expect(
      errorOf(await editor.post('/api/occupational-medicine/catalogues/executingBody', { name: 'X' })).code,
    ).toBe('NO_PERMISSION');
    const body = await entry('executingBody', 'Arbeitsmedizinischer Dienst Nord', 'Werkstraße 1');
    expect(body).toMatchObject({ kind: 'executingBody', line2: 'Werkstraße 1', active: true, usedBy: 0 });
    // The same name is refused in the same kind (ignoring case), allowed in another kind.
    const dup = await master.post('/api/occupational-medicine/catalogues/executingBody', {
      name: 'arbeitsmedizinischer dienst nord',
    });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup).code).toBe('PRECAUTION_CATALOGUE_DUPLICATE');
    expect(details(dup)).toEqual([{ path: ['name'], message: 'Eintrag existiert bereits.' }]);
    await entry('legalSource', 'Arbeitsmedizinischer Dienst Nord');
    // Empty names get a German field message; an unknown kind is refused.
    const empty = await master.post('/api/occupational-medicine/catalogues/legalSource', { name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(details(empty)[0]?.message).toBe('Bitte geben Sie eine Bezeichnung an.');
    expect((await master.get('/api/occupational-medicine/catalogues/diagnosis')).statusCode).toBe(400);
    // A partial update changes only the named field; a stale version answers 409.
    const renamed = await master.patch(`/api/occupational-medicine/catalogues/executingBody/${body.id}`, {
      name: 'AMD Nord',
      version: body.version,
    });
    expect(data<CatalogueEntry>(renamed)).toMatchObject({ name: 'AMD Nord', line2: 'Werkstraße 1' });
    const stale = await master.patch(`/api/occupational-medicine/catalogues/executingBody/${body.id}`, {
      line2: 'x',
      version: body.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    // Readers of precautions read the catalogues.
    const list = data<CatalogueEntry[]>(
      await reader.get('/api/occupational-medicine/catalogues/executingBody'),
    );
    expect(list.map((e) => e.name)).toContain('AMD Nord');
  });
});

describe('precautions', () => {
  let reason: CatalogueEntry;
  let source: CatalogueEntry;
  let body: CatalogueEntry;
  let precaution: Precaution;

  beforeAll(async () => {
    reason = await entry('assessmentReason', 'Lärm (AMR 2.1 Anhang)');
    source = await entry('legalSource', 'ArbMedVV Anhang Teil 3 (1)');
    body = await entry('executingBody', 'Betriebsarzt Süd');
  });

  it('records a mandatory precaution, due before the activity starts', async () => {
    const input = {
      employeeId: worker.id,
      type: 'mandatory',
      reasonId: reason.id,
      activityId,
      legalSourceId: source.id,
      executingBodyId: body.id,
      activityStart: '2026-07-01',
    };
    expect(errorOf(await reader.post('/api/occupational-medicine/precautions', input)).code).toBe(
      'NO_PERMISSION',
    );
    const res = await editor.post('/api/occupational-medicine/precautions', input);
    expect(res.statusCode, res.body).toBe(201);
    precaution = data<Precaution>(res);
    expect(precaution).toMatchObject({
      type: 'mandatory',
      reasonName: 'Lärm (AMR 2.1 Anhang)',
      activityName: 'Lärmbereich',
      nextDue: '2026-07-01',
      due: false,
      checkups: [],
    });
    // Within the lead time (28 days by default) it is listed as due soon.
    const due = data<Precaution[]>(await reader.get('/api/occupational-medicine/precautions?dueOnly=true'));
    expect(due.map((p) => p.id)).toContain(precaution.id);
    const entries = data<CatalogueEntry[]>(
      await master.get('/api/occupational-medicine/catalogues/assessmentReason'),
    );
    expect(entries.find((e) => e.id === reason.id)?.usedBy).toBe(1);
  });

  it('refuses an activity the employee does not do, inactive entries, unknown employees', async () => {
    const base = { employeeId: worker.id, type: 'offer', reasonId: reason.id, activityStart: '2026-07-01' };
    const choices = await editor.get(`/api/occupational-medicine/employee-activities/${worker.id}`);
    expect(choices.json<{ data: unknown }>().data).toEqual([{ id: activityId, name: 'Lärmbereich' }]);
    const activity = await editor.post('/api/occupational-medicine/precautions', {
      ...base,
      activityId: otherActivityId,
    });
    expect(activity.statusCode).toBe(400);
    expect(errorOf(activity).code).toBe('PRECAUTION_ACTIVITY_NOT_ASSIGNED');
    expect(details(activity)).toEqual([
      { path: ['activityId'], message: 'Der Mitarbeiter übt diese Tätigkeit nicht aus.' },
    ]);
    const off = await entry('legalSource', 'Außer Kraft');
    await master.patch(`/api/occupational-medicine/catalogues/legalSource/${off.id}`, {
      active: false,
      version: off.version,
    });
    const inactive = await editor.post('/api/occupational-medicine/precautions', {
      ...base,
      legalSourceId: off.id,
    });
    expect(errorOf(inactive).code).toBe('PRECAUTION_REFERENCE_INVALID');
    const wrongKind = await editor.post('/api/occupational-medicine/precautions', {
      ...base,
      reasonId: body.id,
    });
    expect(errorOf(wrongKind).code).toBe('PRECAUTION_REFERENCE_INVALID');
    const foreign = await createUser(t.database.db, { portalId: await customerPortalId(t.database.db) });
    const other = await editor.post('/api/occupational-medicine/precautions', {
      ...base,
      employeeId: foreign.id,
    });
    expect(other.statusCode).toBe(400);
    expect(errorOf(other).code).toBe('PRECAUTION_EMPLOYEE_NOT_FOUND');
    const badType = await editor.post('/api/occupational-medicine/precautions', { ...base, type: 'x' });
    expect(details(badType)[0]?.message).toBe('Bitte wählen Sie die Art der Vorsorge.');
  });

  it('keeps the precaution file: date and assessment kind, next due one interval later', async () => {
    const bad = await doctor.post(`/api/occupational-medicine/precautions/${precaution.id}/checkups`, {
      date: '2026-06-20',
      assessmentKind: 'fit',
      version: precaution.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('PRECAUTION_CHECKUP_IN_FUTURE');
    const checkup = { date: '2026-06-10', assessmentKind: 'fitWithLimits', version: precaution.version };
    expect(
      errorOf(await editor.post(`/api/occupational-medicine/precautions/${precaution.id}/checkups`, checkup))
        .code,
    ).toBe('NO_PERMISSION');
    // A free-text finding is not part of the file: unknown fields are not stored, unknown kinds refused.
    const kind = await doctor.post(`/api/occupational-medicine/precautions/${precaution.id}/checkups`, {
      ...checkup,
      assessmentKind: 'Tinnitus',
    });
    expect(details(kind)[0]?.message).toBe('Bitte wählen Sie die Art der Beurteilung.');
    const res = await doctor.post(
      `/api/occupational-medicine/precautions/${precaution.id}/checkups`,
      checkup,
    );
    expect(res.statusCode, res.body).toBe(200);
    precaution = data<Precaution>(res);
    // Default interval of the settings tab „Arbeitsmedizin“: 36 months.
    expect(precaution).toMatchObject({ nextDue: '2029-06-10', due: false });
    expect(precaution.checkups).toEqual([
      expect.objectContaining({ date: '2026-06-10', assessmentKind: 'fitWithLimits' }),
    ]);
    // Without PRECAUTION_ASSESSMENTS the file shows that and when, not the assessment kind.
    const seen = data<Precaution>(
      await reader.get(`/api/occupational-medicine/precautions/${precaution.id}`),
    );
    expect(seen.checkups).toEqual([expect.objectContaining({ date: '2026-06-10', assessmentKind: null })]);
    // A stale save answers 409.
    const stale = await doctor.post(
      `/api/occupational-medicine/precautions/${precaution.id}/checkups`,
      checkup,
    );
    expect(stale.statusCode).toBe(409);
  });

  it('follows the interval: its own or the settings', async () => {
    const res = await editor.patch(`/api/occupational-medicine/precautions/${precaution.id}`, {
      intervalMonths: 12,
      version: precaution.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    precaution = data<Precaution>(res);
    expect(precaution).toMatchObject({
      intervalMonths: 12,
      nextDue: '2027-06-10',
      activityName: 'Lärmbereich',
    });
    const settings = await t.login('admin');
    const current = (await settings.get('/api/settings/occupationalMedicine')).json<{
      data: { version: number };
    }>();
    const saved = await settings.put('/api/settings/occupationalMedicine', {
      version: current.data.version,
      value: { defaultIntervalMonths: 24, leadDays: 14, reminderLeadDays: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const bad = await settings.put('/api/settings/occupationalMedicine', {
      version: saved.json<{ data: { version: number } }>().data.version,
      value: { defaultIntervalMonths: 24, leadDays: 15, reminderLeadDays: 14 },
    });
    expect(bad.statusCode).toBe(400);
    const back = await editor.patch(`/api/occupational-medicine/precautions/${precaution.id}`, {
      intervalMonths: null,
      version: precaution.version,
    });
    precaution = data<Precaution>(back);
    expect(precaution.nextDue).toBe('2028-06-10');
  });

  it('lets the employee confirm an offer with their password, checked on the server', async () => {
    const created = await editor.post('/api/occupational-medicine/precautions', {
      employeeId: worker.id,
      type: 'offer',
      reasonId: reason.id,
      activityStart: '2026-05-01',
    });
    const offer = data<Precaution>(created);
    expect(offer).toMatchObject({ due: true, approvedAt: null });
    const own = data<Precaution[]>(await workerClient.get('/api/occupational-medicine/own'));
    expect(own.map((p) => p.id).sort()).toEqual([precaution.id, offer.id].sort());
    const url = `/api/occupational-medicine/own/${offer.id}/approve`;
    const wrong = await workerClient.post(url, { password: 'falsch' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe('PRECAUTION_WRONG_PASSWORD');
    expect(details(wrong)).toEqual([{ path: ['password'], message: 'Das Kennwort ist falsch.' }]);
    // Someone else's offer is „not found“, like a missing one; a mandatory one cannot be confirmed.
    expect(errorOf(await editor.post(url, { password: 'Test-Kennwort-2026!' })).code).toBe(
      'PRECAUTION_NOT_FOUND',
    );
    expect(
      errorOf(
        await workerClient.post(`/api/occupational-medicine/own/${precaution.id}/approve`, {
          password: 'Mein-Kennwort-2026!',
        }),
      ).code,
    ).toBe('PRECAUTION_NOT_AN_OFFER');
    const ok = await workerClient.post(url, { password: 'Mein-Kennwort-2026!' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(data<Precaution>(ok).approvedAt).toBe(NOW.toISOString());
    expect(errorOf(await workerClient.post(url, { password: 'Mein-Kennwort-2026!' })).code).toBe(
      'PRECAUTION_ALREADY_APPROVED',
    );
  });

  it('keeps used catalogue entries and deletes unused ones', async () => {
    const used = await master.delete(
      `/api/occupational-medicine/catalogues/assessmentReason/${reason.id}?version=${reason.version}`,
    );
    expect(used.statusCode).toBe(409);
    expect(errorOf(used).code).toBe('PRECAUTION_CATALOGUE_IN_USE');
    const spare = await entry('assessmentReason', 'Ungenutzt');
    const gone = await master.delete(
      `/api/occupational-medicine/catalogues/assessmentReason/${spare.id}?version=${spare.version}`,
    );
    expect(gone.statusCode).toBe(204);
    // Deleting a precaution removes its file; 404 afterwards.
    const del = await editor.delete(
      `/api/occupational-medicine/precautions/${precaution.id}?version=${precaution.version}`,
    );
    expect(del.statusCode).toBe(204);
    expect((await reader.get(`/api/occupational-medicine/precautions/${precaution.id}`)).statusCode).toBe(
      404,
    );
  });
});

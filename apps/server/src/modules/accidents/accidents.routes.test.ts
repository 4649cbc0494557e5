import type { Accident, AccidentRow, FirstAidEntry } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { LOG_STATE } from '@schutzwerk/shared/constants.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { employeeSupervisors, locationEscalations } from '#modules/employees/tables.ts';
import { locations } from '#modules/organisation/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, mainPortalId } from '#test/fixtures.ts';

/** Decision 047: accident reports (rules, statuses, health data, read log, mails) and the first-aid book. */
let t: TestApp;
let admin: ApiClient;
let locationId: number;
const NOW = new Date('2026-11-26T12:00:00Z');

async function userWith(...permissions: number[]) {
  const u = await createUser(t.database.db, { permissions });
  return { ...u, client: await t.client().login(u.login, u.password) };
}

function report(overrides: Record<string, unknown> = {}) {
  return {
    eventType: 1,
    externalName: `Extern ${Math.random().toString(36).slice(2)}`,
    externalCompany: 'Fremdfirma GmbH',
    accidentAt: '2026-11-20T08:30:00.000Z',
    firstAidAt: '2026-11-20T08:40:00.000Z',
    locationId,
    injuries: [{ bodyPart: 21, injuryType: 1 }],
    injuryCategory: 2,
    injuryDescription: 'Schnitt in die rechte Hand',
    description: 'Beim Öffnen eines Kartons mit dem Cutter abgerutscht.',
    witnesses: [{ name: 'Wilma Zeugin', street: 'Hauptstraße 1', postalCode: '50667', city: 'Köln' }],
    firstAiders: [{ employeeId: null, name: 'Ernst Helfer' }],
    doctor: 'Dr. Hand, Köln',
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = await t.login('admin');
  const [loc] = await t.database.db
    .insert(locations)
    .values({ portalId: await mainPortalId(t.database.db), name: `Unfallwerk ${process.pid}` })
    .returning({ id: locations.id });
  locationId = loc!.id;
  await t.database.db.insert(locationEscalations).values({ locationId, level: 1, email: 'sifa@werk.test' });
});
afterAll(async () => {
  await t.close();
});

describe('accident reports', () => {
  it('answers 401 without sign-in and 403 without the right', async () => {
    expect((await t.client().get('/api/accidents')).statusCode).toBe(401);
    const reader = await userWith(P.FIRST_AID_BOOK);
    expect((await reader.client.post('/api/accidents', report())).statusCode).toBe(403);
  });

  it('files a report with its children, mails the escalation contact and the supervisor', async () => {
    const injuredUser = await createUser(t.database.db);
    const boss = await createUser(t.database.db);
    await t.database.db.execute(sql`update employees set email = 'chefin@werk.test' where id = ${boss.id}`);
    await t.database.db
      .insert(employeeSupervisors)
      .values({ supervisorId: boss.id, employeeId: injuredUser.id });
    await t.database.db.execute(sql`delete from mail_outbox`);
    const res = await admin.post('/api/accidents', report({ employeeId: injuredUser.id, externalName: '' }));
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json<{ data: Accident }>().data;
    expect(a.status).toBe(10);
    expect(a.injuries).toEqual([{ bodyPart: 21, injuryType: 1 }]);
    expect(a.witnesses[0]?.city).toBe('Köln');
    expect(a.firstAiders[0]?.name).toBe('Ernst Helfer');
    expect(a.externalName).toBe('');
    const mails = await queryRows<{ to_address: string; text_body: string; purpose: string }>(
      t.database.db,
      sql`select to_address, text_body, purpose from mail_outbox order by to_address`,
    );
    expect(mails.map((m) => m.to_address)).toEqual(['chefin@werk.test', 'sifa@werk.test']);
    expect(mails[0]?.purpose).toBe('accidentReported');
    expect(mails[0]?.text_body).toContain('Ereignis: Unfall');
    // No health data in the mail.
    expect(mails[0]?.text_body).not.toContain('Schnitt');
  });

  it('requires the person, the times, the location and the injury category', async () => {
    let res = await admin.post('/api/accidents', report({ externalName: '', externalCompany: '' }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('ACCIDENT_EMPLOYEE_REQUIRED');
    res = await admin.post('/api/accidents', report({ externalCompany: '' }));
    expect(errorOf(res).code).toBe('ACCIDENT_EMPLOYEE_REQUIRED');
    res = await admin.post('/api/accidents', report({ accidentAt: undefined }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('INPUT_VALIDATION_ERROR');
    expect(JSON.stringify(errorOf(res).details)).toContain('Unfallzeitpunkt');
    res = await admin.post('/api/accidents', report({ firstAidAt: 'gestern' }));
    expect(JSON.stringify(errorOf(res).details)).toContain('Ersten Hilfe');
    res = await admin.post('/api/accidents', report({ locationId: null }));
    expect(errorOf(res).code).toBe('ACCIDENT_LOCATION_REQUIRED');
    res = await admin.post('/api/accidents', report({ locationId: 999999 }));
    expect(errorOf(res).code).toBe('ACCIDENT_LOCATION_INVALID');
    res = await admin.post('/api/accidents', report({ injuryCategory: null }));
    expect(errorOf(res).code).toBe('ACCIDENT_INJURY_CATEGORY_REQUIRED');
    // A near-miss injures nobody: no category needed.
    res = await admin.post('/api/accidents', report({ eventType: 10, injuryCategory: null, injuries: [] }));
    expect(res.statusCode, res.body).toBe(201);
    res = await admin.post('/api/accidents', report({ injuries: [{ bodyPart: 99, injuryType: 1 }] }));
    expect(res.statusCode).toBe(400);
    res = await admin.post('/api/accidents', report({ eventType: 4 }));
    expect(res.statusCode).toBe(400);
  });

  it('refuses a second report of the same person on the same day, warns about a future time', async () => {
    const first = report();
    expect((await admin.post('/api/accidents', first)).statusCode).toBe(201);
    const again = await admin.post('/api/accidents', { ...first, accidentAt: '2026-11-20T15:00:00.000Z' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('ACCIDENT_DUPLICATE');
    expect(errorOf(again).message).toContain('20.11.26');
    // The next day is fine.
    expect(
      (await admin.post('/api/accidents', { ...first, accidentAt: '2026-11-21T08:00:00.000Z' })).statusCode,
    ).toBe(201);

    const future = report({ accidentAt: '2026-11-27T08:00:00.000Z' });
    const warned = await admin.post('/api/accidents', future);
    expect(warned.statusCode).toBe(400);
    expect(errorOf(warned).code).toBe('ACCIDENT_TIME_IN_FUTURE');
    expect((await admin.post('/api/accidents', { ...future, confirmFutureTime: true })).statusCode).toBe(201);
  });

  it('changes named fields only, with optimistic locking', async () => {
    const a = (await admin.post('/api/accidents', report())).json<{ data: Accident }>().data;
    const res = await admin.patch(`/api/accidents/${a.id}`, {
      description: 'Neu beschrieben',
      version: a.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json<{ data: Accident }>().data;
    expect(b.description).toBe('Neu beschrieben');
    expect(b.injuries).toEqual(a.injuries);
    expect(b.witnesses).toEqual(a.witnesses);
    const stale = await admin.patch(`/api/accidents/${a.id}`, { description: 'Alt', version: a.version });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
  });

  it('walks the statuses: 40 needs reportable, 60 appends the marker and is final', async () => {
    let a = (await admin.post('/api/accidents', report())).json<{ data: Accident }>().data;
    for (const status of [20, 30]) {
      const res = await admin.post(`/api/accidents/${a.id}/status`, { status, version: a.version });
      expect(res.statusCode, res.body).toBe(200);
      a = res.json<{ data: Accident }>().data;
      expect(a.status).toBe(status);
    }
    let res = await admin.post(`/api/accidents/${a.id}/status`, { status: 40, version: a.version });
    expect(errorOf(res).code).toBe('ACCIDENT_STATUS_NOT_REPORTABLE');
    a = (await admin.patch(`/api/accidents/${a.id}`, { reportable: true, version: a.version })).json<{
      data: Accident;
    }>().data;
    for (const status of [40, 50]) {
      res = await admin.post(`/api/accidents/${a.id}/status`, { status, version: a.version });
      a = res.json<{ data: Accident }>().data;
      expect(a.status).toBe(status);
    }
    res = await admin.post(`/api/accidents/${a.id}/status`, {
      status: 60,
      reason: 'doppelt erfasst',
      version: a.version,
    });
    a = res.json<{ data: Accident }>().data;
    expect(a.status).toBe(60);
    expect(a.comment).toMatch(/^\[Inaktiv gesetzt am 26\.11\.26 13:00 von .+: doppelt erfasst\]$/);
    res = await admin.post(`/api/accidents/${a.id}/status`, { status: 10, version: a.version });
    expect(errorOf(res).code).toBe('ACCIDENT_STATUS_INACTIVE');
    res = await admin.patch(`/api/accidents/${a.id}`, { comment: 'x', version: a.version });
    expect(errorOf(res).code).toBe('ACCIDENT_STATUS_INACTIVE');
    res = await admin.post(`/api/accidents/${a.id}/status`, { status: 70, version: a.version });
    expect(res.statusCode).toBe(400);
    // An inactive report does not block a new one of the same person and day.
    const copy = report({
      externalName: (await admin.get(`/api/accidents/${a.id}`)).json<{ data: Accident }>().data.externalName,
    });
    expect((await admin.post('/api/accidents', copy)).statusCode).toBe(201);
  });

  it('mails every status change to the supervisor and the escalation contacts, skipping unusable addresses', async () => {
    // A location of its own: two escalation contacts, one of them with an unusable address.
    const [loc] = await t.database.db
      .insert(locations)
      .values({ portalId: await mainPortalId(t.database.db), name: `Statuswerk ${process.pid}` })
      .returning({ id: locations.id });
    await t.database.db.insert(locationEscalations).values([
      { locationId: loc!.id, level: 1, email: 'leitung@werk.test' },
      { locationId: loc!.id, level: 2, email: 'keine Adresse' },
    ]);
    const injured = await createUser(t.database.db);
    const boss = await createUser(t.database.db);
    await t.database.db.execute(sql`update employees set email = 'meister@werk.test' where id = ${boss.id}`);
    await t.database.db.insert(employeeSupervisors).values({ supervisorId: boss.id, employeeId: injured.id });
    let a = (
      await admin.post(
        '/api/accidents',
        report({
          employeeId: injured.id,
          externalName: '',
          locationId: loc!.id,
          accidentAt: '2026-11-19T08:30:00.000Z',
        }),
      )
    ).json<{ data: Accident }>().data;
    const outbox = () =>
      queryRows<{ to_address: string; subject: string; text_body: string; purpose: string }>(
        t.database.db,
        sql`select to_address, subject, text_body, purpose from mail_outbox
            where purpose = 'accidentStatusChanged' order by id`,
      );
    await t.database.db.execute(sql`delete from mail_outbox`);
    const [me] = await queryRows<{ first_name: string; last_name: string }>(
      t.database.db,
      sql`select first_name, last_name from employees where login_name = 'admin'`,
    );
    const [person] = await queryRows<{ first_name: string; last_name: string }>(
      t.database.db,
      sql`select first_name, last_name from employees where id = ${injured.id}`,
    );

    let res = await admin.post(`/api/accidents/${a.id}/status`, { status: 20, version: a.version });
    expect(res.statusCode, res.body).toBe(200);
    a = res.json<{ data: Accident }>().data;
    let mails = await outbox();
    // One mail per usable address; the unusable one is left out and did not stop the change.
    expect(mails.map((m) => m.to_address).sort()).toEqual(['leitung@werk.test', 'meister@werk.test']);
    for (const m of mails) {
      expect(m.subject).toBe(`Unfallmeldung: Status geändert – Unfall, Statuswerk ${process.pid}`);
      expect(m.text_body).toContain('Ereignis: Unfall');
      expect(m.text_body).toContain('Zeitpunkt: 19.11.26 09:30');
      expect(m.text_body).toContain(`Ort: Statuswerk ${process.pid}`);
      expect(m.text_body).toContain(`Betroffene Person: ${person!.last_name}, ${person!.first_name}`);
      expect(m.text_body).toContain('Bisheriger Status: Meldung\nNeuer Status: Qualifizierung\n');
      expect(m.text_body).toContain(`Geändert von: ${me!.first_name} ${me!.last_name} am 26.11.26 13:00`);
      expect(m.text_body).toContain(`/accidents/${a.id}`);
      expect(m.text_body).not.toContain('Grund:');
      // Never health data.
      expect(m.text_body).not.toContain('Schnitt');
      expect(m.text_body).not.toContain('Dr. Hand');
    }

    // Nothing changed: the same status again, and an update of other fields, mail nobody.
    res = await admin.post(`/api/accidents/${a.id}/status`, { status: 20, version: a.version });
    expect(res.statusCode, res.body).toBe(200);
    a = res.json<{ data: Accident }>().data;
    res = await admin.patch(`/api/accidents/${a.id}`, {
      description: 'Genauer beschrieben',
      version: a.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    a = res.json<{ data: Accident }>().data;
    expect(await outbox()).toHaveLength(2);
    // A refused change mails nobody either.
    res = await admin.post(`/api/accidents/${a.id}/status`, { status: 40, version: a.version });
    expect(errorOf(res).code).toBe('ACCIDENT_STATUS_NOT_REPORTABLE');
    expect(await outbox()).toHaveLength(2);

    // Setting inactive names the reason.
    res = await admin.post(`/api/accidents/${a.id}/status`, {
      status: 60,
      reason: 'doppelt erfasst',
      version: a.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    mails = (await outbox()).slice(2);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text_body).toContain(
      'Bisheriger Status: Qualifizierung\nNeuer Status: Inaktiv/storniert\nGrund: doppelt erfasst',
    );
  });

  it('hides health data without the health right (record, list, filter, sort, update) and logs every read', async () => {
    const a = (await admin.post('/api/accidents', report())).json<{ data: Accident }>().data;
    const reader = await userWith(P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_ALL, P.ACCIDENT_REPORTS_EDIT);
    const res = await reader.client.get(`/api/accidents/${a.id}`);
    expect(res.statusCode).toBe(200);
    const seen = res.json<{ data: Accident }>().data;
    expect(seen.healthVisible).toBe(false);
    expect(seen.injuries).toBeNull();
    expect(seen.injuryCategory).toBeNull();
    expect(seen.injuryDescription).toBeNull();
    expect(seen.doctor).toBeNull();
    expect(seen.description).toContain('Cutter');
    expect(res.body).not.toContain('Schnitt in die');

    const list = await reader.client.get(`/api/accidents?search=${encodeURIComponent(a.externalName)}`);
    const rows = list.json<{ data: { rows: AccidentRow[] } }>().data.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.injuryCategory).toBeNull();
    // Searching a health text finds nothing (it is not searched at all).
    const byHealth = await admin.get('/api/accidents?search=Schnitt%20in%20die');
    expect(byHealth.json<{ data: { rows: AccidentRow[] } }>().data.rows).toHaveLength(0);
    expect((await reader.client.get('/api/accidents?injuryCategory=2')).statusCode).toBe(403);
    expect((await reader.client.get('/api/accidents?orderBy=injuryCategory')).statusCode).toBe(403);
    expect((await admin.get('/api/accidents?injuryCategory=2')).statusCode).toBe(200);
    const patch = await reader.client.patch(`/api/accidents/${a.id}`, { doctor: 'x', version: a.version });
    expect(errorOf(patch).code).toBe('ACCIDENT_HEALTH_DATA_FORBIDDEN');

    const reads = await queryRows<{ actor_id: number; state: number }>(
      t.database.db,
      sql`select actor_id, state from change_log where entity = 'accident_report' and entity_id = ${String(a.id)} and state = ${LOG_STATE.READ}`,
    );
    expect(reads.map((r) => r.actor_id)).toContain(reader.id);
    // The read log (decision 062) is for LOG_VIEWER, not for editors: accident-read-log.routes.test.ts.
    // The change log holds no health values.
    const created = await queryRows<{ changes: string }>(
      t.database.db,
      sql`select changes::text as changes from change_log where entity = 'accident_report' and entity_id = ${String(a.id)} and state = ${LOG_STATE.CREATED}`,
    );
    expect(created[0]?.changes).not.toContain('Schnitt');
  });

  it('shows a reader without the "all" right only own and supervised reports', async () => {
    const a = (await admin.post('/api/accidents', report())).json<{ data: Accident }>().data;
    const reader = await userWith(P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_CREATE);
    expect((await reader.client.get(`/api/accidents/${a.id}`)).statusCode).toBe(404);
    const own = await reader.client.post('/api/accidents', report());
    expect(own.statusCode).toBe(201);
    const rows = (await reader.client.get('/api/accidents')).json<{ data: { rows: AccidentRow[] } }>().data
      .rows;
    expect(rows.map((r) => r.id)).toEqual([own.json<{ data: Accident }>().data.id]);
  });
});

describe('first-aid book', () => {
  it('records an entry; the recorder and the health right read what happened, others only who/when/where', async () => {
    const aider = await userWith(P.FIRST_AID_BOOK);
    const res = await aider.client.post('/api/firstaid', {
      personName: 'Karl Kratzer',
      occurredAt: '2026-11-26T09:15:00.000Z',
      place: 'Halle 3, Presse 2',
      whatHappened: 'Splitter im Finger',
      firstAid: 'Splitter entfernt, Pflaster',
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json<{ data: FirstAidEntry }>().data;
    expect(entry.whatHappened).toBe('Splitter im Finger');
    expect(entry.recordedById).toBe(aider.id);

    const other = await userWith(P.FIRST_AID_BOOK);
    expect((await other.client.get(`/api/firstaid/${entry.id}`)).statusCode).toBe(404);
    const rowsOther = (await other.client.get('/api/firstaid')).json<{ data: { rows: unknown[] } }>().data
      .rows;
    expect(rowsOther).toHaveLength(0);

    const all = await userWith(P.FIRST_AID_BOOK_ALL);
    const seen = (await all.client.get(`/api/firstaid/${entry.id}`)).json<{ data: FirstAidEntry }>().data;
    expect(seen.place).toBe('Halle 3, Presse 2');
    expect(seen.whatHappened).toBeNull();
    expect(seen.firstAid).toBeNull();
    const health = await userWith(P.FIRST_AID_BOOK_ALL, P.ACCIDENT_REPORTS_HEALTH_DATA);
    expect(
      (await health.client.get(`/api/firstaid/${entry.id}`)).json<{ data: FirstAidEntry }>().data.firstAid,
    ).toContain('Pflaster');
    const reads = await queryRows<{ n: number }>(
      t.database.db,
      sql`select cast(count(*) as integer) as n from change_log where entity = 'first_aid_entry' and entity_id = ${String(entry.id)} and state = ${LOG_STATE.READ}`,
    );
    expect(reads[0]?.n).toBe(2);

    const upd = await aider.client.patch(`/api/firstaid/${entry.id}`, {
      place: 'Halle 4',
      version: entry.version,
    });
    expect(upd.json<{ data: FirstAidEntry }>().data.place).toBe('Halle 4');
    const stale = await aider.client.patch(`/api/firstaid/${entry.id}`, {
      place: 'Halle 5',
      version: entry.version,
    });
    expect(stale.statusCode).toBe(409);
    expect((await all.client.patch(`/api/firstaid/${entry.id}`, { place: 'x', version: 2 })).statusCode).toBe(
      403,
    );
  });

  it('requires person, time (not in the future), place, what happened and the first aid', async () => {
    const aider = await userWith(P.FIRST_AID_BOOK);
    const base = {
      personName: 'Paula Probe',
      occurredAt: '2026-11-26T09:15:00.000Z',
      place: 'Lager',
      whatHappened: 'Schürfwunde',
      firstAid: 'Pflaster',
    };
    let res = await aider.client.post('/api/firstaid', { ...base, personName: '' });
    expect(errorOf(res).code).toBe('FIRST_AID_PERSON_REQUIRED');
    res = await aider.client.post('/api/firstaid', { ...base, occurredAt: '2026-11-27T09:15:00.000Z' });
    expect(errorOf(res).code).toBe('FIRST_AID_TIME_IN_FUTURE');
    for (const field of ['place', 'whatHappened', 'firstAid']) {
      res = await aider.client.post('/api/firstaid', { ...base, [field]: ' ' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('INPUT_VALIDATION_ERROR');
    }
    expect((await aider.client.post('/api/firstaid', base)).statusCode).toBe(201);
  });
});

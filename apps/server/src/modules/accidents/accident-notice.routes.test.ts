import type { Accident, AccidentNotice } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { locationEscalations } from '#modules/employees/tables.ts';
import { locations } from '#modules/organisation/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, mainPortalId } from '#test/fixtures.ts';
import { expectCleanPdfLayout, readPdfText } from '#test/support/pdf-layout.ts';

/** Decision 051: absence and costs, reportability with the deadline task, the notice (JSON, PDF) and sending it. */
let t: TestApp;
let admin: ApiClient;
let locationId: number;
const NOW = new Date('2026-11-26T12:00:00Z');

async function userWith(...permissions: number[]) {
  const u = await createUser(t.database.db, { permissions });
  return { ...u, client: await t.client().login(u.login, u.password) };
}

let day = 1;
/** A report on its own day (the same person may have one report per day). */
function report(overrides: Record<string, unknown> = {}) {
  const d = String(day++).padStart(2, '0');
  return {
    eventType: 1,
    externalName: `Extern ${Math.random().toString(36).slice(2)}`,
    externalCompany: 'Fremdfirma GmbH',
    accidentAt: `2026-10-${d}T08:30:00.000Z`,
    firstAidAt: `2026-10-${d}T08:40:00.000Z`,
    locationId,
    injuries: [{ bodyPart: 21, injuryType: 10 }],
    injuryCategory: 2,
    description: 'Von der Leiter gestürzt.',
    ...overrides,
  };
}

async function file(overrides: Record<string, unknown> = {}): Promise<Accident> {
  const res = await admin.post('/api/accidents', report(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Accident }>().data;
}

async function noticeTasks(id: number) {
  return queryRows<{ state: string; due_date: string; title: string; kind: string }>(
    t.database.db,
    sql`select state, due_date::text as due_date, title, kind from tasks
        where source_type = 'accident_report' and source_id = ${id} order by id`,
  );
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = await t.login('admin');
  const [loc] = await t.database.db
    .insert(locations)
    .values({
      portalId: await mainPortalId(t.database.db),
      name: `Anzeigewerk ${process.pid}`,
      street: 'Werkstraße 5',
      zip: '50667',
      city: 'Köln',
    })
    .returning({ id: locations.id });
  locationId = loc!.id;
});
afterAll(async () => {
  await t.close();
});

describe('absence and costs', () => {
  it('stores absence and costs, changes only named fields, hides "sick until" without the health right', async () => {
    const a = await file({
      workStoppedAt: '2026-10-01T09:00:00.000Z',
      sickUntil: '2026-10-02',
      daysLost: 1,
      costWageContinuation: 25_000,
      costReplacement: 12_050,
    });
    expect(a).toMatchObject({
      daysLost: 1,
      sickUntil: '2026-10-02',
      costReplacement: 12_050,
      costOther: null,
    });
    const res = await admin.patch(`/api/accidents/${a.id}`, {
      version: a.version,
      lightDuties: true,
      lightDutiesUntil: '2026-10-10',
      costOther: 3_000,
      costOtherNote: 'Taxi zum Arzt',
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json<{ data: Accident }>().data;
    expect(b).toMatchObject({
      lightDuties: true,
      lightDutiesUntil: '2026-10-10',
      costOther: 3_000,
      costWageContinuation: 25_000,
      daysLost: 1,
    });
    const all = await userWith(P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_ALL, P.ACCIDENT_REPORTS_EDIT);
    const seen = (await all.client.get(`/api/accidents/${a.id}`)).json<{ data: Accident }>().data;
    expect(seen.sickUntil).toBeNull();
    expect(seen.daysLost).toBe(1);
    const forbidden = await all.client.patch(`/api/accidents/${a.id}`, {
      version: b.version,
      sickUntil: '2026-10-05',
    });
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).code).toBe('ACCIDENT_HEALTH_DATA_FORBIDDEN');
    // Costs are not health data: the colleague may change them.
    const cost = await all.client.patch(`/api/accidents/${a.id}`, { version: b.version, costOther: 0 });
    expect(cost.statusCode, cost.body).toBe(200);
  });

  it('refuses absence times before the accident, resumption before stoppage and negative amounts', async () => {
    const before = await admin.post(
      '/api/accidents',
      report({ workStoppedAt: '2026-09-01T08:00:00.000Z', sickUntil: '2026-09-01' }),
    );
    expect(before.statusCode).toBe(400);
    expect(errorOf(before).code).toBe('ACCIDENT_ABSENCE_ORDER');
    expect(JSON.stringify(errorOf(before).details)).toContain('workStoppedAt');
    expect(JSON.stringify(errorOf(before).details)).toContain('sickUntil');
    const order = await admin.post(
      '/api/accidents',
      report({
        accidentAt: '2026-09-10T08:30:00.000Z',
        firstAidAt: '2026-09-10T08:40:00.000Z',
        workStoppedAt: '2026-09-10T12:00:00.000Z',
        workResumedAt: '2026-09-10T10:00:00.000Z',
      }),
    );
    expect(errorOf(order).code).toBe('ACCIDENT_ABSENCE_ORDER');
    const negative = await admin.post('/api/accidents', report({ costOther: -5 }));
    expect(negative.statusCode).toBe(400);
    expect(negative.body).toContain('Ein Betrag darf nicht negativ sein.');
    const time = await admin.post('/api/accidents', report({ workingTimeStart: '25:00' }));
    expect(negative.statusCode).toBe(400);
    expect(time.body).toContain('Bitte geben Sie die Uhrzeit als HH:MM an.');
  });
});

describe('the accident notice', () => {
  it('makes a report reportable with more than three days lost and keeps the deadline task in sync', async () => {
    const a = await file();
    expect(a.reportable).toBe(false);
    expect(await noticeTasks(a.id)).toEqual([]);
    const notDue = await admin.get(`/api/accidents/${a.id}/notice`);
    expect(notDue.statusCode).toBe(409);
    expect(errorOf(notDue).code).toBe('ACCIDENT_NOTICE_NOT_DUE');
    const three = (await admin.patch(`/api/accidents/${a.id}`, { version: a.version, daysLost: 3 })).json<{
      data: Accident;
    }>().data;
    expect(three.reportable).toBe(false);
    const res = await admin.patch(`/api/accidents/${a.id}`, { version: three.version, daysLost: 4 });
    const b = res.json<{ data: Accident }>().data;
    expect(b.reportable).toBe(true);
    expect(b.noticeDue).toBe(true);
    const accidentDay = a.accidentAt.slice(0, 10);
    const due = new Date(`${accidentDay}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 3);
    expect(b.noticeDeadline).toBe(due.toISOString().slice(0, 10));
    const tasks = await noticeTasks(a.id);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ state: 'open', due_date: b.noticeDeadline });
    expect(tasks[0]?.title).toContain('Unfallanzeige an die Unfallversicherung senden');
    // Inactive: the task goes.
    await admin.post(`/api/accidents/${a.id}/status`, { status: 60, reason: 'Doppelt', version: b.version });
    expect(await noticeTasks(a.id)).toEqual([]);
  });

  it('a death or the injury category "more than three days" is reportable too', async () => {
    expect((await file({ fatal: true, injuryCategory: 5 })).reportable).toBe(true);
    expect((await file({ injuryCategory: 4 })).reportable).toBe(true);
    expect((await file({ sickUntil: '2026-12-31' })).reportable).toBe(true);
  });

  it('answers every field of UVAV 2024 §§ 3, 4 (2) as JSON and PDF, only with the health right', async () => {
    const injured = await createUser(t.database.db);
    await t.database.db.execute(sql`update employees set birthday = '1980-04-03', street = 'Am Hang 2',
      zip = '50668', city = 'Köln', gender = 'w', citizenship = 'deutsch', health_insurance_name = 'AOK Rheinland',
      phone = '0221 555', hire_date = '2015-03-01', working_tasks = 'Lageristin' where id = ${injured.id}`);
    const a = await file({
      employeeId: injured.id,
      externalName: '',
      daysLost: 10,
      insurer: 'BG Handel und Warenlogistik',
      companyNumber: '123456789',
      worksCouncilMember: 'Rita Betriebsrat',
      workingTimeStart: '07:00',
      workingTimeEnd: '15:30',
      phoneConsent: true,
      violentEvent: false,
      wageContinuationWeeks: 6,
      witnesses: [{ name: 'Wilma Zeugin', street: 'Hauptstraße 1', postalCode: '50667', city: 'Köln' }],
      doctor: 'Dr. Knochen, Köln',
    });
    const res = await admin.get(`/api/accidents/${a.id}/notice`);
    expect(res.statusCode, res.body).toBe(200);
    const notice = res.json<{ data: AccidentNotice }>().data;
    const refs = notice.sections.flatMap((s) => s.fields.map((f) => f.ref));
    // biome-ignore format: the list of the reference file
    expect(refs).toEqual([
      '3(1)1', '3(1)2a', '3(1)2b', '3(1)2c', '3(1)2d', '3(1)2e', '3(1)2f', '3(1)2g', '3(1)3', '3(1)4',
      '3(2)1', '3(2)2', '3(2)3',
      '4(1)1', '4(1)2', '4(1)3', '4(1)4', '4(1)5', '4(1)6', '4(1)7', '4(1)8',
      '4(2)1', '4(2)2', '4(2)3', '4(2)4a', '4(2)4b', '4(2)4c', '4(2)4d', '4(2)4e', '4(2)5', '4(2)6', '4(2)7',
      '4(2)8', '4(2)9', '4(2)9a', '4(2)10',
    ]);
    const value = (key: string) => notice.sections.flatMap((s) => s.fields).find((f) => f.key === key)?.value;
    expect(value('insuredBirthday')).toBe('03.04.1980');
    expect(value('insuredGender')).toBe('weiblich');
    expect(value('insuredPhone')).toBe('0221 555');
    expect(value('accidentPlace')).toContain('50667 Köln');
    expect(value('injuries')).toBe('Knochenbruch – Hand rechts');
    expect(value('worksCouncilMember')).toBe('Rita Betriebsrat');
    expect(value('workingTime')).toBe('07:00 – 15:30 Uhr');
    expect(value('wageContinuation')).toBe('ja, 6 Wochen');
    expect(notice.format).toBe('schutzwerk.unfallanzeige');

    const pdf = await admin.get(`/api/accidents/${a.id}/notice/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const pages = await expectCleanPdfLayout(pdf.rawPayload);
    const text = pages.flatMap((p) => p.items.map((i) => i.text)).join(' ');
    for (const expected of [
      'Unfallanzeige',
      'BG Handel und Warenlogistik',
      '123456789',
      'Rita Betriebsrat',
      '03.04.1980',
    ])
      expect(text).toContain(expected);

    const noHealth = await userWith(P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_ALL, P.ACCIDENT_REPORTS_NOTICE);
    expect((await noHealth.client.get(`/api/accidents/${a.id}/notice`)).statusCode).toBe(403);
    expect((await noHealth.client.get(`/api/accidents/${a.id}/notice/pdf`)).statusCode).toBe(403);
    const reader = await userWith(
      P.ACCIDENT_REPORTS,
      P.ACCIDENT_REPORTS_ALL,
      P.ACCIDENT_REPORTS_EDIT,
      P.ACCIDENT_REPORTS_HEALTH_DATA,
    );
    expect((await reader.client.get(`/api/accidents/${a.id}/notice`)).statusCode).toBe(403);
    expect((await readPdfText(pdf.rawPayload)).length).toBeGreaterThanOrEqual(1);
  });

  it('sends the notice only when complete: status 40, sent at/by, the task done; once; stale version 409', async () => {
    const a = await file({ daysLost: 5 });
    const incomplete = await admin.post(`/api/accidents/${a.id}/notice/send`, { version: a.version });
    expect(incomplete.statusCode).toBe(400);
    expect(errorOf(incomplete).code).toBe('ACCIDENT_NOTICE_INCOMPLETE');
    expect(JSON.stringify(errorOf(incomplete).details)).toContain('3(1)1 Unfallversicherungsträger');
    const filled = (
      await admin.patch(`/api/accidents/${a.id}`, {
        version: a.version,
        insurer: 'VBG',
        companyNumber: '42',
        companyAddress: 'Industriestraße 1, 50667 Köln',
      })
    ).json<{ data: Accident }>().data;
    // An external person has no birthday, address … in the product: those stay required.
    const stillMissing = await admin.post(`/api/accidents/${a.id}/notice/send`, { version: filled.version });
    expect(errorOf(stillMissing).code).toBe('ACCIDENT_NOTICE_INCOMPLETE');
    expect(JSON.stringify(errorOf(stillMissing).details)).not.toContain('3(1)1 ');

    const injured = await createUser(t.database.db);
    await t.database.db.execute(sql`update employees set birthday = '1990-01-01', street = 'Weg 1', zip = '1',
      city = 'Bonn', gender = 'm', citizenship = 'deutsch', health_insurance_name = 'TK' where id = ${injured.id}`);
    const b = await file({
      employeeId: injured.id,
      externalName: '',
      fatal: true,
      insurer: 'VBG',
      companyNumber: '42',
    });
    const stale = await admin.post(`/api/accidents/${b.id}/notice/send`, { version: b.version + 1 });
    expect(stale.statusCode).toBe(409);
    // The location's escalation contact hears of the new status (decision 071).
    await t.database.db
      .insert(locationEscalations)
      .values({ locationId, level: 1, email: 'bg-kontakt@werk.test' });
    await t.database.db.execute(sql`delete from mail_outbox`);
    const sent = await admin.post(`/api/accidents/${b.id}/notice/send`, { version: b.version });
    expect(sent.statusCode, sent.body).toBe(200);
    const s = sent.json<{ data: Accident }>().data;
    expect(s.status).toBe(40);
    const mails = await queryRows<{ to_address: string; purpose: string; text_body: string }>(
      t.database.db,
      sql`select to_address, purpose, text_body from mail_outbox`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: 'bg-kontakt@werk.test', purpose: 'accidentStatusChanged' });
    expect(mails[0]?.text_body).toContain(
      'Bisheriger Status: Meldung\nNeuer Status: An die Unfallversicherung gesendet',
    );
    expect(s.noticeSentAt).toBe(NOW.toISOString());
    expect(s.noticeSentByName).toBeTruthy();
    expect((await noticeTasks(b.id)).map((x) => x.state)).toEqual(['done']);
    const again = await admin.post(`/api/accidents/${b.id}/notice/send`, { version: s.version });
    expect(errorOf(again).code).toBe('ACCIDENT_NOTICE_ALREADY_SENT');
  });
});

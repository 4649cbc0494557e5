import type { Accident } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import type { AccidentReadRow } from '@schutzwerk/shared/accidents/read-log.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '#modules/organisation/tables.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, mainPortalId } from '#test/fixtures.ts';

/** Decision 062: the read log of a report — LOG_VIEWER, list protocol, the report's own visibility. */
let t: TestApp;
let admin: ApiClient;
let locationId: number;

async function userWith(...permissions: number[]) {
  const u = await createUser(t.database.db, { permissions });
  return { ...u, client: await t.client().login(u.login, u.password) };
}

async function file(): Promise<Accident> {
  const res = await admin.post('/api/accidents', {
    eventType: 1,
    externalName: `Extern ${Math.random().toString(36).slice(2)}`,
    externalCompany: 'Fremdfirma GmbH',
    accidentAt: '2026-11-20T08:00:00.000Z',
    firstAidAt: '2026-11-20T08:05:00.000Z',
    locationId,
    injuries: [{ bodyPart: 27, injuryType: 5 }],
    injuryCategory: 2,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Accident }>().data;
}

type Page = { data: { rows: AccidentReadRow[]; filteredCount: number } };
const reads = async (client: ApiClient, id: number, query = '') => {
  const res = await client.get(`/api/accidents/${id}/reads${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>().data;
};

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-26T12:00:00Z') });
  admin = await t.login('admin');
  const [loc] = await t.database.db
    .insert(locations)
    .values({ portalId: await mainPortalId(t.database.db), name: `Lesewerk ${process.pid}` })
    .returning({ id: locations.id });
  locationId = loc!.id;
});
afterAll(async () => {
  await t.close();
});

describe('read log of an accident report', () => {
  it('lists every read with reader, time and health flag; sorts, searches, filters and pages', async () => {
    const a = await file();
    const plain = await userWith(P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_ALL);
    const health = await userWith(P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_ALL, P.ACCIDENT_REPORTS_HEALTH_DATA);
    for (const client of [plain.client, health.client, plain.client])
      expect((await client.get(`/api/accidents/${a.id}`)).statusCode).toBe(200);

    const all = await reads(admin, a.id);
    expect(all.filteredCount).toBe(3);
    // Newest first by default is the caller's choice: the protocol sorts ascending unless asked.
    const desc = await reads(admin, a.id, '?orderBy=at&orderDirection=desc');
    expect(desc.rows.map((r) => r.healthVisible)).toEqual([false, true, false]);
    expect(desc.rows[0]!.readerName).toBe(`Prüfer${plain.login.split('.').pop()}, Tess`);
    expect(desc.rows[0]!.personnelNumber).toMatch(/^T/);
    const times = desc.rows.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);

    // Reading the log is not itself a read of the report.
    expect((await reads(admin, a.id)).filteredCount).toBe(3);

    const withHealth = await reads(admin, a.id, '?healthVisible=true');
    expect(withHealth.filteredCount).toBe(1);
    expect(withHealth.rows[0]!.readerName).toContain(`Prüfer${health.login.split('.').pop()}`);
    expect((await reads(admin, a.id, '?healthVisible=false')).filteredCount).toBe(2);

    const searched = await reads(
      admin,
      a.id,
      `?search=${encodeURIComponent(`Prüfer${health.login.split('.').pop()}`)}`,
    );
    expect(searched.rows).toHaveLength(1);

    const page = await reads(admin, a.id, '?orderBy=readerName&limit=1&offset=1');
    expect(page.filteredCount).toBe(3);
    expect(page.rows).toHaveLength(1);

    // The POST of the list protocol answers the same.
    const post = await admin.post(`/api/accidents/${a.id}/reads/list`, { healthVisible: true });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json<Page>().data.filteredCount).toBe(1);

    // The log holds no health text.
    expect(JSON.stringify(all)).not.toContain('Prellung');
  });

  it('needs LOG_VIEWER, and the report must be one the caller may see', async () => {
    const a = await file();
    const editor = await userWith(P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_ALL, P.ACCIDENT_REPORTS_EDIT);
    expect((await editor.client.get(`/api/accidents/${a.id}/reads`)).statusCode).toBe(403);
    expect((await editor.client.post(`/api/accidents/${a.id}/reads/list`, {})).statusCode).toBe(403);

    const logViewer = await userWith(P.LOG_VIEWER, P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_ALL);
    expect((await logViewer.client.get(`/api/accidents/${a.id}/reads`)).statusCode).toBe(200);

    // Without the "all" right the report is not theirs: the same 404 as a missing one.
    const ownOnly = await userWith(P.LOG_VIEWER, P.ACCIDENT_REPORTS);
    expect(errorOf(await ownOnly.client.get(`/api/accidents/${a.id}/reads`)).code).toBe('NOT_FOUND');
    expect(errorOf(await admin.get('/api/accidents/999999999/reads')).code).toBe('NOT_FOUND');
    expect(errorOf(await admin.get('/api/accidents/abc/reads')).code).toBe('NOT_FOUND');

    // Bad list input: a typed 400.
    expect((await admin.get(`/api/accidents/${a.id}/reads?orderBy=secret`)).statusCode).toBe(400);
    expect((await admin.get(`/api/accidents/${a.id}/reads?limit=0`)).statusCode).toBe(400);
  });
});

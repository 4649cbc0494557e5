import type {
  HazardAnalysis,
  HazardAnalysisVersion,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { RegisterEntry } from '@schutzwerk/shared/substances/register.schema.ts';
import type { Substance } from '@schutzwerk/shared/substances/substances.schema.ts';
import type { HazardSubstanceLinks, SubstanceUsageList } from '@schutzwerk/shared/substances/usage.schema.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/employees.table.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, employeeIdByLogin } from '#test/fixtures.ts';

/** Decision 054: substances linked to hazards, the usage guards, the data-sheet release checklist. */

let t: TestApp;
let admin: ApiClient;
let adminId: number;
let loc: Record<string, number>;
let bricks: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-26T10:00:00Z') });
  admin = await t.login('admin');
  adminId = await employeeIdByLogin(t.database.db, 'admin');
  const rows = await queryRows<{ id: number; name: string }>(
    t.database.db,
    sql`select l.id, l.name from locations l join portals p on p.id = l.portal_id where p.is_main`,
  );
  loc = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  const b = await queryRows<{ id: number; identifier: string }>(
    t.database.db,
    sql`select id, identifier from hazard_bricks`,
  );
  bricks = Object.fromEntries(b.map((r) => [r.identifier, r.id]));
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
async function substance(client = admin): Promise<Substance> {
  counter += 1;
  const res = await client.post('/api/substances', { designation: `Verknüpfungsstoff ${counter}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Substance }>().data;
}
async function assessment(
  location = 'Halle 1 – Abfüllung',
  brickIds = [bricks['M-01'], bricks['F-01']],
): Promise<HazardAnalysis> {
  counter += 1;
  const res = await admin.post('/api/hazardanalysis', {
    bezeichnung: `Lackierung ${counter}`,
    locationId: loc[location],
    brickIds,
    responsibleId: adminId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: HazardAnalysis }>().data;
}
const analysisOf = (res: { json: <T>() => T }) => res.json<{ data: HazardAnalysis }>().data;
const linkUrl = (a: HazardAnalysis, hazardIndex: number, substanceId: number) =>
  `/api/hazardanalysis/${a.id}/hazards/${a.hazards[hazardIndex]!.id}/substances/${substanceId}`;
async function link(a: HazardAnalysis, hazardIndex: number, substanceId: number, client = admin) {
  const res = await client.put(linkUrl(a, hazardIndex, substanceId), { version: a.version });
  expect(res.statusCode, res.body).toBe(200);
  return analysisOf(res);
}
const linksOf = async (id: number, client = admin) => {
  const res = await client.get(`/api/hazardanalysis/${id}/substances`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: HazardSubstanceLinks }>().data;
};
const usageOf = async (id: number, client = admin) => {
  const res = await client.get(`/api/substances/${id}/usage`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: SubstanceUsageList }>().data;
};
const current = async (id: number) =>
  (await admin.get(`/api/substances/${id}`)).json<{ data: Substance }>().data;

describe('substances on hazards', () => {
  it('links a substance version to a hazard, lists it on both sides, takes over a new version and unlinks', async () => {
    const s = await substance();
    let a = await assessment();
    const before = a.version;
    a = await link(a, 0, s.id);
    expect(a.version).toBe(before + 1);
    expect((await linksOf(a.id)).rows).toEqual([
      {
        hazardId: a.hazards[0]!.id,
        substanceId: s.id,
        versionNumber: 1,
        currentVersionNumber: 1,
        designation: s.data.designation,
        casNumber: '',
        active: true,
      },
    ]);
    expect(await usageOf(s.id)).toEqual({
      rows: [
        {
          source: 'hazard',
          partId: a.hazards[0]!.id,
          title: a.bezeichnung,
          detail: a.hazards[0]!.title,
          path: `/hazardanalysis/${a.id}`,
          versionNumber: 1,
        },
      ],
      hiddenCount: 0,
    });

    // A new version of the substance: the link keeps version 1 until it is taken over.
    const fixed = await admin.post(`/api/substances/${s.id}/versions`, { version: s.version });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await linksOf(a.id)).rows[0]).toMatchObject({ versionNumber: 1, currentVersionNumber: 2 });
    a = await link(a, 0, s.id);
    expect((await linksOf(a.id)).rows).toHaveLength(1);
    expect((await linksOf(a.id)).rows[0]).toMatchObject({ versionNumber: 2, currentVersionNumber: 2 });

    // Stale write: 409; unlink.
    const stale = await admin.put(linkUrl(a, 1, s.id), { version: a.version - 1 });
    expect(stale.statusCode).toBe(409);
    const gone = await admin.delete(`${linkUrl(a, 0, s.id)}?version=${a.version}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await linksOf(a.id)).rows).toEqual([]);
    expect((await usageOf(s.id)).rows).toEqual([]);
    const again = await admin.delete(`${linkUrl(a, 0, s.id)}?version=${analysisOf(gone).version}`);
    expect(again.statusCode).toBe(404);
  });

  it('refuses an inactive substance, an unknown one and a hazard of another assessment', async () => {
    const s = await substance();
    const off = await admin.post(`/api/substances/${s.id}/active`, { version: s.version, active: false });
    expect(off.statusCode, off.body).toBe(200);
    const a = await assessment();
    const inactive = await admin.put(linkUrl(a, 0, s.id), { version: a.version });
    expect(inactive.statusCode).toBe(409);
    expect(errorOf(inactive)).toMatchObject({
      code: 'HAZARD_SUBSTANCE_INACTIVE',
      message: 'Ein inaktiver Gefahrstoff kann keiner Gefährdung zugeordnet werden.',
    });
    expect((await admin.put(linkUrl(a, 0, 999_999), { version: a.version })).statusCode).toBe(404);
    const other = await assessment();
    const foreign = await admin.put(
      `/api/hazardanalysis/${a.id}/hazards/${other.hazards[0]!.id}/substances/${s.id}`,
      { version: a.version },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('needs both sides’ rights: the assessment for writing, the substances for reading and linking', async () => {
    const s = await substance();
    const a = await assessment();
    // Hazard writer without substance rights: may neither read nor write the links.
    const user = await createUser(t.database.db, {
      permissions: [P.HAZARDANALYSIS_READONLY, P.HAZARDANALYSIS_HAZARDS, P.HAZARDANALYSIS_ALL_LOCATIONS],
    });
    const writer = await t.login(user.login, user.password);
    expect((await writer.get(`/api/hazardanalysis/${a.id}/substances`)).statusCode).toBe(403);
    expect((await writer.put(linkUrl(a, 0, s.id), { version: a.version })).statusCode).toBe(403);
    // Substance reader without the hazards' write right: reads, cannot link.
    const reader = await createUser(t.database.db, {
      permissions: [P.HAZARDANALYSIS_READONLY, P.HAZARDANALYSIS_ALL_LOCATIONS, P.HAZMAT],
    });
    const r = await t.login(reader.login, reader.password);
    expect((await r.put(linkUrl(a, 0, s.id), { version: a.version })).statusCode).toBe(403);
    const linked = await link(a, 0, s.id);
    expect((await linksOf(linked.id, r)).rows).toHaveLength(1);
    // Only released substances for „Freigegebene Gefahrstoffe lesen“: the open one is counted, not named.
    const released = await createUser(t.database.db, {
      permissions: [P.HAZARDANALYSIS_READONLY, P.HAZARDANALYSIS_ALL_LOCATIONS, P.HAZMAT_READONLY_RELEASED],
    });
    const rr = await t.login(released.login, released.password);
    expect(await linksOf(linked.id, rr)).toEqual({ rows: [], hiddenCount: 1 });
    // A substance reader outside the assessment's location sees the use counted, not named.
    const elsewhere = await createUser(t.database.db, { permissions: [P.HAZMAT, P.HAZARDANALYSIS_READONLY] });
    await t.database.db
      .update(employees)
      .set({ locationId: loc['Halle 2 – Synthese']! })
      .where(eq(employees.id, elsewhere.id));
    const e = await t.login(elsewhere.login, elsewhere.password);
    expect(await usageOf(s.id, e)).toEqual({ rows: [], hiddenCount: 1 });
  });
});

describe('copies and frozen versions', () => {
  it('copies of hazards (new assessment from a template, inheritance, hazards added to a template) carry their substances', async () => {
    const s1 = await substance();
    const s2 = await substance();
    counter += 1;
    const created = await admin.post('/api/hazardanalysis', {
      bezeichnung: `Vorlage Lackierung ${counter}`,
      isTemplate: true,
      brickIds: [bricks['M-01'], bricks['F-01']],
      responsibleId: adminId,
    });
    expect(created.statusCode, created.body).toBe(201);
    let tpl = await link(analysisOf(created), 0, s1.id);
    tpl = await link(tpl, 1, s2.id);
    tpl = await link(tpl, 1, s1.id);

    // A new assessment from the template: own copies with the same linked versions.
    counter += 1;
    const fromTpl = await admin.post('/api/hazardanalysis', {
      bezeichnung: `Lackierung aus Vorlage ${counter}`,
      locationId: loc['Halle 1 – Abfüllung'],
      templateId: tpl.id,
      brickIds: [],
      responsibleId: adminId,
    });
    expect(fromTpl.statusCode, fromTpl.body).toBe(201);
    const a = analysisOf(fromTpl);
    const pairs = async (id: number) =>
      (await linksOf(id)).rows.map((r) => [r.hazardId, r.substanceId, r.versionNumber]);
    expect(await pairs(a.id)).toEqual([
      [a.hazards[0]!.id, s1.id, 1],
      [a.hazards[1]!.id, s2.id, 1],
      [a.hazards[1]!.id, s1.id, 1],
    ]);
    // The template keeps its links; the copies count as uses of the substance.
    expect((await linksOf(tpl.id)).rows).toHaveLength(3);
    expect((await usageOf(s1.id)).rows.map((r) => r.partId).sort()).toEqual(
      [tpl.hazards[0]!.id, tpl.hazards[1]!.id, a.hazards[0]!.id, a.hazards[1]!.id].sort(),
    );

    // Inheritance: the inherited copies link the masters' substances.
    let b = await assessment();
    const inherit = await admin.post(`/api/hazardanalysis/${b.id}/inheritance`, {
      version: b.version,
      templateId: tpl.id,
    });
    expect(inherit.statusCode, inherit.body).toBe(200);
    b = analysisOf(inherit);
    const copies = b.hazards.filter((h) => h.inherited);
    expect(copies).toHaveLength(2);
    expect((await pairs(b.id)).filter(([hazardId]) => copies.some((c) => c.id === hazardId))).toEqual([
      [copies[0]!.id, s1.id, 1],
      [copies[1]!.id, s2.id, 1],
      [copies[1]!.id, s1.id, 1],
    ]);

    // A hazard added to the template (no substances yet) still reaches the inheritor.
    const fresh = (await admin.get(`/api/hazardanalysis/${tpl.id}`)).json<{ data: HazardAnalysis }>().data;
    const added = await admin.post(`/api/hazardanalysis/${tpl.id}/hazards`, {
      version: fresh.version,
      brickIds: [bricks['E-01']],
      responsibleId: adminId,
    });
    expect(added.statusCode, added.body).toBe(200);
    const after = (await admin.get(`/api/hazardanalysis/${b.id}`)).json<{ data: HazardAnalysis }>().data;
    expect(after.hazards.filter((h) => h.inherited)).toHaveLength(3);
  });

  it('a release freezes the substances of each hazard; the frozen version shows them only to substance readers', async () => {
    const s = await substance();
    let a = await link(await assessment(undefined, [bricks['M-01'], bricks['E-01']]), 1, s.id);
    const rel = await admin.post(`/api/hazardanalysis/${a.id}/release`, {
      version: a.version,
      releaseDate: '2026-11-26',
      nextCheckDate: '2027-11-26',
      responsibleId: adminId,
    });
    expect(rel.statusCode, rel.body).toBe(200);
    a = analysisOf(rel);
    // Later changes (a new substance version taken over, the link removed) do not touch the frozen version.
    const fixed = await admin.post(`/api/substances/${s.id}/versions`, {
      version: (await current(s.id)).version,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const unlinked = await admin.delete(`${linkUrl(a, 1, s.id)}?version=${a.version}`);
    expect(unlinked.statusCode, unlinked.body).toBe(200);

    const versions = (await admin.get(`/api/hazardanalysis/${a.id}/versions`)).json<{
      data: { id: number }[];
    }>();
    const versionId = versions.data[0]!.id;
    const frozen = async (client = admin) => {
      const res = await client.get(`/api/hazardanalysis/ref/${versionId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: HazardAnalysisVersion }>().data;
    };
    const v = await frozen();
    expect(v.hazards.map((h) => [h.substances, h.hiddenSubstanceCount])).toEqual([
      [[], 0],
      [
        [
          {
            substanceId: s.id,
            versionId: s.current.id,
            versionNumber: 1,
            designation: s.data.designation,
            casNumber: '',
          },
        ],
        0,
      ],
    ]);
    // A reader of the assessment without substance rights sees the substance counted, not named.
    const user = await createUser(t.database.db, {
      permissions: [P.HAZARDANALYSIS_READONLY, P.HAZARDANALYSIS_ALL_LOCATIONS],
    });
    const noSubstances = await frozen(await t.login(user.login, user.password));
    expect(noSubstances.hazards[1]).toMatchObject({ substances: [], hiddenSubstanceCount: 1 });
  });
});

describe('guards', () => {
  it('refuses deleting an assessment whose hazards have substances (spec message), and inactivating or deleting the substance', async () => {
    const s = await substance();
    const a = await link(await assessment(), 1, s.id);
    const del = await admin.delete(`/api/hazardanalysis/${a.id}?version=${a.version}`);
    expect(del.statusCode).toBe(409);
    expect(errorOf(del)).toMatchObject({
      code: 'FOREIGN_ENTRY',
      message:
        'Die Gefährdungsbeurteilung ist mit einem Gefahrstoff verknüpft und kann nicht gelöscht werden. Bitte setzen Sie sie stattdessen inaktiv.',
    });
    const fresh = await current(s.id);
    const inactive = await admin.post(`/api/substances/${s.id}/active`, {
      version: fresh.version,
      active: false,
    });
    expect(inactive.statusCode).toBe(409);
    expect(errorOf(inactive)).toMatchObject({
      code: 'SUBSTANCE_STATUS_FAILED',
      message:
        'Status für den Gefahrstoff konnte nicht gesetzt werden. Er wird noch verwendet: in einer Gefährdung einer Gefährdungsbeurteilung.',
    });
    const notAgreed = await admin.post(`/api/substances/${s.id}/release`, {
      version: fresh.version,
      agreed: false,
      comment: '',
      setInactive: true,
    });
    expect(errorOf(notAgreed).code).toBe('SUBSTANCE_STATUS_FAILED');
    const removed = await admin.delete(`/api/substances/${s.id}?version=${fresh.version}`);
    expect(removed.statusCode).toBe(409);
    expect(errorOf(removed)).toMatchObject({
      code: 'SUBSTANCE_IN_USE',
      message: 'Der Gefahrstoff konnte nicht gelöscht werden, weil er noch einer Gefährdung zugeordnet ist.',
    });
    expect(await current(s.id)).toMatchObject({ active: true, releaseState: 'open' });

    // Unlinked: both go through; the assessment can be deleted again.
    const unlinked = await admin.delete(`${linkUrl(a, 1, s.id)}?version=${a.version}`);
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    const deleted = await admin.delete(`/api/hazardanalysis/${a.id}?version=${analysisOf(unlinked).version}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const ok = await admin.delete(`/api/substances/${s.id}?version=${fresh.version}`);
    expect(ok.statusCode, ok.body).toBe(204);
  });

  it('counts several hazards in the messages', async () => {
    const s = await substance();
    let a = await link(await assessment(), 0, s.id);
    a = await link(a, 1, s.id);
    const b = await link(await assessment(), 0, s.id);
    const del = await admin.delete(`/api/hazardanalysis/${a.id}?version=${a.version}`);
    expect(errorOf(del).message).toBe(
      'Die Gefährdungsbeurteilung ist mit 2 Gefahrstoffen verknüpft und kann nicht gelöscht werden. Bitte setzen Sie sie stattdessen inaktiv.',
    );
    const fresh = await current(s.id);
    const removed = await admin.delete(`/api/substances/${s.id}?version=${fresh.version}`);
    expect(errorOf(removed).message).toBe(
      'Der Gefahrstoff konnte nicht gelöscht werden, weil er noch 3 Gefährdungen zugeordnet ist.',
    );
    expect((await usageOf(s.id)).rows.map((u) => u.title).sort()).toEqual(
      [a.bezeichnung, a.bezeichnung, b.bezeichnung].sort(),
    );
    // Removing a hazard removes its links.
    const dropped = await admin.delete(
      `/api/hazardanalysis/${b.id}/hazards/${b.hazards[0]!.id}?version=${b.version}`,
    );
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect((await usageOf(s.id)).rows).toHaveLength(2);
  });
});

describe('the checklist of the data-sheet release', () => {
  async function checklist(label: string, module = 'substances') {
    const res = await admin.post('/api/checklists', { label, module });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { id: number; version: number } }>().data;
  }
  const release = (s: { id: number }, version: number) =>
    admin.post(`/api/substances/${s.id}/sds-release`, {
      version,
      responsibleEmployeeId: adminId,
      nextCheckDate: '2027-06-30',
    });

  it('needs a linked checklist that is done; the picker offers the substance checklists', async () => {
    const s = await substance();
    const none = await release(s, s.version);
    expect(none.statusCode).toBe(400);
    expect(errorOf(none)).toMatchObject({
      code: 'SDS_RELEASE_INCOMPLETE',
      details: [expect.objectContaining({ message: 'Bitte wählen Sie die Checkliste der Freigabe.' })],
    });

    const c = await checklist(`SDB-Freigabe ${s.id}`);
    const general = await checklist(`Allgemein ${s.id}`, 'general');
    const picker = await admin.get(
      `/api/substancechecklist/picker?search=${encodeURIComponent(String(s.id))}`,
    );
    expect(picker.statusCode, picker.body).toBe(200);
    expect(picker.json<{ data: { rows: { id: number }[] } }>().data.rows.map((r) => r.id)).toEqual([c.id]);

    const wrong = await admin.put(`/api/substances/${s.id}/sds-checklist`, {
      version: s.version,
      checklistId: general.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe('SDS_CHECKLIST_INVALID');
    const linked = await admin.put(`/api/substances/${s.id}/sds-checklist`, {
      version: s.version,
      checklistId: c.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const entry = linked.json<{ data: RegisterEntry }>().data;
    expect(entry.version).toBe(s.version + 1);
    expect(entry.sdsChecklist).toMatchObject({
      checklistId: c.id,
      label: `SDB-Freigabe ${s.id}`,
      status: 'undone',
    });
    const stale = await admin.put(`/api/substances/${s.id}/sds-checklist`, {
      version: s.version,
      checklistId: c.id,
    });
    expect(stale.statusCode).toBe(409);

    const undone = await release(s, entry.version);
    expect(undone.statusCode).toBe(409);
    expect(errorOf(undone)).toMatchObject({
      code: 'SDS_CHECKLIST_UNDONE',
      message:
        'Das Sicherheitsdatenblatt kann erst freigegeben werden, wenn die Checkliste der Freigabe erledigt ist. Bitte füllen Sie die Checkliste aus und setzen Sie sie auf erledigt.',
    });

    // Filling the linked instance follows the substance's rule: a reader of substances without a release or
    // edit right reads it but cannot fill it.
    const instanceUrl = `/api/checklists/${c.id}/instances/${entry.sdsChecklist!.instanceId}`;
    const viewer = await createUser(t.database.db, { permissions: [P.AUDIT_CHECKLISTS, P.HAZMAT] });
    const v = await t.login(viewer.login, viewer.password);
    expect((await v.get(instanceUrl)).statusCode).toBe(200);
    const forbidden = await v.put(instanceUrl, { version: 1, answers: {}, results: {}, status: 'done' });
    expect(forbidden.statusCode).toBe(403);
    const outsider = await createUser(t.database.db, { permissions: [P.AUDIT_CHECKLISTS] });
    const o = await t.login(outsider.login, outsider.password);
    expect((await o.get(instanceUrl)).statusCode).toBe(404);

    const done = await admin.put(instanceUrl, { version: 1, answers: {}, results: {}, status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    const ok = await release(s, entry.version);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: RegisterEntry }>().data).toMatchObject({
      sdsNextCheck: '2027-06-30',
      sdsChecklist: { checklistId: c.id, status: 'done', progress: 100 },
    });
  });
});

import type { Action } from '@schutzwerk/shared/actions/actions.schema.ts';
import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/employees.table.ts';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, employeeIdByLogin } from '#test/fixtures.ts';

/** The integration of issue 6 (decision 021, Wiring): actions on hazards through the action source 'hazard'. */
let t: TestApp;
let admin: ApiClient;
let adminId: number;
let loc: Record<string, number>;
let brickIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  adminId = await employeeIdByLogin(t.database.db, 'admin');
  const rows = await queryRows<{ id: number; name: string }>(
    t.database.db,
    sql`select l.id, l.name from locations l join portals p on p.id = l.portal_id where p.is_main order by l.id`,
  );
  loc = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  const b = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from hazard_bricks order by id limit 2`,
  );
  brickIds = b.map((r) => r.id);
});
afterAll(async () => {
  await t.close();
});

const data = (res: { json: <T>() => T }) => res.json<{ data: HazardAnalysis }>().data;

async function assessment(location: string): Promise<HazardAnalysis> {
  const res = await admin.post('/api/hazardanalysis', {
    bezeichnung: `Verknüpft ${location}`,
    locationId: loc[location],
    brickIds,
    responsibleId: adminId,
    attachSetting: 3,
  });
  expect(res.statusCode, res.body).toBe(201);
  return data(res);
}

async function userAt(location: string, permissions: number[]) {
  const user = await createUser(t.database.db, { permissions });
  await t.database.db.update(employees).set({ locationId: loc[location]! }).where(eq(employees.id, user.id));
  return { id: user.id, client: await t.login(user.login, user.password) };
}

const actionBody = (hazardId: number, overrides: Record<string, unknown> = {}) => ({
  sourceType: 'hazard',
  sourceId: hazardId,
  designation: 'Absaugung installieren',
  type: 'technical',
  dueDate: '2026-12-15',
  locationId: null,
  responsibleId: adminId,
  executorKind: 'employee',
  executorId: adminId,
  ...overrides,
});

describe('actions on hazards', () => {
  it('creates an action on a hazard; location and label come from the assessment', async () => {
    const a = await assessment('Halle 1 – Abfüllung');
    const hazard = a.hazards[0]!;
    const res = await admin.post('/api/actions', actionBody(hazard.id));
    expect(res.statusCode, res.body).toBe(201);
    const action = res.json<{ data: Action }>().data;
    expect(action.location?.id).toBe(loc['Halle 1 – Abfüllung']);
    const list = await admin.get(`/api/actions?sourceType=hazard&sourceId=${hazard.id}`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<{
      data: { rows: { id: number; sourceLabel: string; sourceLink: string | null }[] };
    }>().data.rows;
    // New hazards start without actions (the brick's measures are adopted on request, decision 021).
    expect(rows.map((r) => r.id)).toEqual([action.id]);
    expect(rows.find((r) => r.id === action.id)).toMatchObject({
      sourceLabel: `Gefährdung „${hazard.title}“ – ${a.bezeichnung}`,
      sourceLink: `/hazardanalysis/${a.id}`,
    });
  });

  it('grants rights through the source: location scope, released-only readers, inactive assessments', async () => {
    const a = await assessment('Tanklager Nord');
    const hazardId = a.hazards[0]!.id;
    expect((await admin.post('/api/actions', actionBody(hazardId))).statusCode).toBe(201);
    const rights = [P.HAZARDANALYSIS_READONLY, P.HAZARDANALYSIS_HAZARDS, P.ACTIONS_OWN, P.ACTIONS_CREATE];
    const inside = await userAt('Tanklager Nord', rights);
    const outside = await userAt('Halle 1 – Abfüllung', rights);
    const list = `/api/actions?sourceType=hazard&sourceId=${hazardId}`;
    expect((await inside.client.get(list)).statusCode).toBe(200);
    expect((await outside.client.get(list)).statusCode).toBe(403);
    const byInside = await inside.client.post(
      '/api/actions',
      actionBody(hazardId, { responsibleId: inside.id }),
    );
    expect(byInside.statusCode, byInside.body).toBe(201);
    const byOutside = await outside.client.post(
      '/api/actions',
      actionBody(hazardId, { responsibleId: outside.id }),
    );
    expect(byOutside.statusCode).toBe(403);
    // A reader of released assessments sees the actions only once a version is released.
    const releasedReader = await userAt('Tanklager Nord', [
      P.HAZARDANALYSIS_READONLY_RELEASED,
      P.ACTIONS_OWN,
    ]);
    expect((await releasedReader.client.get(list)).statusCode).toBe(403);
    const fresh = data(await admin.get(`/api/hazardanalysis/${a.id}`));
    const released = await admin.post(`/api/hazardanalysis/${a.id}/release`, {
      version: fresh.version,
      releaseDate: '2026-11-24',
      nextCheckDate: '2027-11-24',
      responsibleId: adminId,
    });
    expect(released.statusCode, released.body).toBe(200);
    expect((await releasedReader.client.get(list)).statusCode).toBe(200);
    // Inactive assessments: actions stay readable but cannot be added.
    const off = await admin.post(`/api/hazardanalysis/${a.id}/active`, {
      version: data(released).version,
      active: false,
      comment: 'Anlage stillgelegt',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await inside.client.get(list)).statusCode).toBe(200);
    const afterOff = await inside.client.post(
      '/api/actions',
      actionBody(hazardId, { responsibleId: inside.id }),
    );
    expect(afterOff.statusCode).toBe(403);
  });

  it('refuses deleting an assessment whose hazards have actions, open or done (FOREIGN_ENTRY)', async () => {
    const a = await assessment('Halle 1 – Abfüllung');
    const created = await admin.post('/api/actions', actionBody(a.hazards[1]!.id, { done: true }));
    expect(created.statusCode).toBe(201);
    const res = await admin.delete(`/api/hazardanalysis/${a.id}?version=${a.version}`);
    expect(errorOf(res).code).toBe('FOREIGN_ENTRY');
    expect(errorOf(res).message).toContain('mit einer Maßnahme verknüpft');
    const b = await assessment('Halle 1 – Abfüllung');
    for (const hazard of b.hazards) {
      expect((await admin.post('/api/actions', actionBody(hazard.id))).statusCode).toBe(201);
    }
    const refused = await admin.delete(`/api/hazardanalysis/${b.id}?version=${b.version}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(
      `Die Gefährdungsbeurteilung ist mit ${b.hazards.length} Maßnahmen verknüpft und kann nicht gelöscht werden. Bitte setzen Sie sie stattdessen inaktiv.`,
    );
    const kept = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from actions where source_type = 'hazard' and source_id in (${sql.join(
        b.hazards.map((h) => sql`${h.id}`),
        sql`, `,
      )})`,
    );
    expect(kept[0]?.n).toBe(b.hazards.length);
    // Without actions it can be deleted.
    const c = await assessment('Halle 1 – Abfüllung');
    const ok = await admin.delete(`/api/hazardanalysis/${c.id}?version=${c.version}`);
    expect(ok.statusCode, ok.body).toBe(204);
  });
});

type TaskRow = {
  kind: string;
  state: string;
  source_type: string;
  comment: string | null;
  due_date: string | null;
};
async function tasksOf(analysisId: number, hazardIds: number[]): Promise<TaskRow[]> {
  return queryRows<TaskRow>(
    t.database.db,
    sql`select kind, state, source_type, comment, due_date::text as due_date from tasks
        where (source_type = 'hazard_analysis' and source_id = ${analysisId})
           or (source_type = 'hazard' and source_id in (${sql.join(hazardIds.length ? hazardIds : [0], sql`, `)}))
        order by id`,
  );
}

describe('task effects of release, activation and inactivation', () => {
  it('a release creates a check task; a new working version a release task', async () => {
    const a = await assessment('Tanklager Nord');
    const ids = a.hazards.map((h) => h.id);
    expect(await tasksOf(a.id, ids)).toEqual([]);
    const released = data(
      await admin.post(`/api/hazardanalysis/${a.id}/release`, {
        version: a.version,
        releaseDate: '2026-11-24',
        nextCheckDate: '2027-11-24',
        responsibleId: adminId,
      }),
    );
    expect(await tasksOf(a.id, ids)).toEqual([
      expect.objectContaining({ kind: 'check', state: 'open', due_date: '2027-11-24' }),
    ]);
    const h = released.hazards[0]!;
    const edited = await admin.put(`/api/hazardanalysis/${a.id}/hazards/${h.id}`, {
      version: released.version,
      title: h.title,
      cause: 'Neue Ursache',
      protectionGoal: h.protectionGoal,
      comment: h.comment,
      responsibleId: adminId,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await tasksOf(a.id, ids)).toEqual([expect.objectContaining({ kind: 'release', state: 'open' })]);
  });

  it('inactivating deletes the release/check tasks and marks action tasks done; activating recreates only the former', async () => {
    const a = await assessment('Tanklager Nord');
    const ids = a.hazards.map((h) => h.id);
    const action = await admin.post('/api/actions', actionBody(ids[0]!));
    expect(action.statusCode, action.body).toBe(201);
    const released = data(
      await admin.post(`/api/hazardanalysis/${a.id}/release`, {
        version: a.version,
        releaseDate: '2026-11-24',
        nextCheckDate: '2027-11-24',
        responsibleId: adminId,
      }),
    );
    expect((await tasksOf(a.id, ids)).map((r) => `${r.kind}:${r.state}`)).toEqual([
      'action:open',
      'check:open',
    ]);
    const off = await admin.post(`/api/hazardanalysis/${a.id}/active`, {
      version: released.version,
      active: false,
      comment: 'Anlage stillgelegt',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await tasksOf(a.id, ids)).toEqual([
      expect.objectContaining({
        kind: 'action',
        state: 'done',
        comment: 'Gefährdungsbeurteilung inaktiviert: Anlage stillgelegt',
      }),
    ]);
    const on = await admin.post(`/api/hazardanalysis/${a.id}/active`, {
      version: data(off).version,
      active: true,
      comment: '',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await tasksOf(a.id, ids)).map((r) => `${r.kind}:${r.state}`)).toEqual([
      'action:done',
      'check:open',
    ]);
  });
});

describe('factor menus on assessments', () => {
  const menuBody = (name: string) => ({
    name,
    description: 'Menü der Verknüpfung',
    registers: [
      {
        number: '1',
        title: 'Mechanische Gefährdungen',
        dropdown: { offered: true, expanded: true, multiple: false },
        factors: [{ number: '1.1', title: 'Quetschstellen', legalBasis: 'BetrSichV', source: '' }],
      },
    ],
  });
  type Menu = { id: number; version: number; active: boolean; registers: { factors: { id: number }[] }[] };

  it('assigns a menu and a factor; a used menu cannot be edited or deleted', async () => {
    const created = await admin.post('/api/factormenus', menuBody('Menü Verknüpfung'));
    expect(created.statusCode, created.body).toBe(201);
    const inEditing = created.json<{ data: Menu }>().data;
    const a0 = await assessment('Tanklager Nord');
    const refused = await admin.put(`/api/hazardanalysis/${a0.id}`, {
      version: a0.version,
      bezeichnung: a0.bezeichnung,
      locationId: a0.location?.id ?? null,
      departmentId: null,
      activityId: null,
      attachSetting: a0.attachSetting,
      factorMenuId: inEditing.id,
    });
    expect(errorOf(refused).code).toBe('FACTOR_MENU_IN_EDITING');
    const activated = await admin.post(`/api/factormenus/${inEditing.id}/activate`, { version: 1 });
    expect(activated.statusCode, activated.body).toBe(200);
    const menu = activated.json<{ data: Menu }>().data;
    const other = (await admin.post('/api/factormenus', menuBody('Menü Fremd'))).json<{ data: Menu }>().data;
    const a = await assessment('Tanklager Nord');
    const header = {
      version: a.version,
      bezeichnung: a.bezeichnung,
      locationId: a.location?.id ?? null,
      departmentId: null,
      activityId: null,
      attachSetting: a.attachSetting,
    };
    const unknown = await admin.put(`/api/hazardanalysis/${a.id}`, { ...header, factorMenuId: 999999 });
    expect(errorOf(unknown).code).toBe('FACTOR_MENU_INVALID_ID');
    const withMenu = await admin.put(`/api/hazardanalysis/${a.id}`, { ...header, factorMenuId: menu.id });
    expect(withMenu.statusCode, withMenu.body).toBe(200);
    const b = data(withMenu);
    expect(b.factorMenuId).toBe(menu.id);
    const h = b.hazards[0]!;
    const hazardBody = {
      version: b.version,
      title: h.title,
      cause: h.cause,
      protectionGoal: h.protectionGoal,
      comment: h.comment,
      responsibleId: adminId,
    };
    const foreign = await admin.put(`/api/hazardanalysis/${a.id}/hazards/${h.id}`, {
      ...hazardBody,
      factorIds: [other.registers[0]!.factors[0]!.id],
    });
    expect(errorOf(foreign).code).toBe('FACTOR_MENU_FACTOR_INVALID');
    const factorId = menu.registers[0]!.factors[0]!.id;
    const picked = await admin.put(`/api/hazardanalysis/${a.id}/hazards/${h.id}`, {
      ...hazardBody,
      factorIds: [factorId],
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(data(picked).hazards[0]!.factorIds).toEqual([factorId]);
    const save = await admin.put(`/api/factormenus/${menu.id}`, {
      name: 'Menü Verknüpfung neu',
      description: '',
      version: menu.version,
      registers: menuBody('x').registers,
    });
    expect(save.statusCode).toBe(409);
    expect(errorOf(save).code).toBe('FACTOR_MENU_IN_USE');
    expect(errorOf(save).message).toContain('in 1 Gefährdungsbeurteilung(en) verwendet');
    const del = await admin.delete(`/api/factormenus/${menu.id}?version=${menu.version}`);
    expect(errorOf(del).code).toBe('FACTOR_MENU_IN_USE');
    const off = await admin.post(`/api/factormenus/${menu.id}/deactivate`, { version: menu.version });
    expect(errorOf(off).code).toBe('FACTOR_MENU_IN_USE');
    // The other menu is free.
    const delOther = await admin.delete(`/api/factormenus/${other.id}?version=${other.version}`);
    expect(delOther.statusCode, delOther.body).toBe(204);
  });
});

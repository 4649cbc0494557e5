import type { Department, Location, TreeNode } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestApp, errorOf, type TestApp } from '#test/app.ts';
import { createUser, customerPortalId, employeeIdByLogin } from '#test/fixtures.ts';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

async function as(permissions: number[], options: { portalId?: number } = {}) {
  const user = await createUser(t.database.db, { permissions, ...options });
  return t.login(user.login, user.password);
}

async function locationTree(client: ApiClient = admin): Promise<TreeNode[]> {
  const res = await client.get('/api/locations/tree');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { nodes: TreeNode[] } }>().data.nodes;
}

async function locationId(name: string): Promise<number> {
  const node = (await locationTree()).find((n) => n.name === name);
  if (!node) throw new Error(`no location ${name}`);
  return node.id;
}

async function getLocation(id: number, client: ApiClient = admin): Promise<Location> {
  const res = await client.get(`/api/locations/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Location }>().data;
}

async function createLocation(parentId: number | null, name: string, client: ApiClient = admin) {
  const res = await client.post('/api/locations', { parentId, name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Location }>().data;
}

async function logStates(entity: string, id: number): Promise<number[]> {
  const res = (await t.database.db.execute(
    sql`select state from change_log where entity = ${entity} and entity_id = ${String(id)} order by id`,
  )) as unknown as { rows: { state: number }[] };
  return res.rows.map((r) => r.state);
}

describe('locations tree', () => {
  it('answers the demo tree in German order with paths and details', async () => {
    const nodes = await locationTree();
    const roots = nodes.filter((n) => n.parentId === null).map((n) => n.name);
    expect(roots).toEqual(['Verwaltung Düsseldorf', 'Werk Köln-Niehl', 'Werk Leverkusen']);
    expect(nodes.every((n) => n.editable)).toBe(true);
    const koeln = await getLocation(await locationId('Werk Köln-Niehl'));
    expect(koeln).toMatchObject({ city: 'Köln', zip: '50735', fireNumber: '112', path: ['Werk Köln-Niehl'] });
    expect(koeln.escalationLevels.map((l) => l.level)).toEqual([0, 1, 2, 3]);
    expect(koeln.escalationLevels[0]?.employee?.lastName).toBe('Wagner');
    expect(koeln.responsibilities[0]?.employee.lastName).toBe('Hoffmann');
    expect(koeln.childCount).toBe(3);
    const halle2 = await getLocation(await locationId('Halle 2 – Synthese'));
    expect(halle2.path).toEqual(['Werk Köln-Niehl', 'Halle 2 – Synthese']);
    expect(halle2.designations.map((d) => d.name)).toContain('Reaktor R1');
  });

  it('creates a child, renames it, refuses a sibling with the same name (409 TREE_NAME_EXISTS)', async () => {
    const parent = await locationId('Werk Leverkusen');
    const child = await createLocation(parent, 'Werkstatt W1');
    expect(child).toMatchObject({ parentId: parent, version: 1, path: ['Werk Leverkusen', 'Werkstatt W1'] });
    const dup = await admin.post('/api/locations', { parentId: parent, name: 'werkstatt w1' });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup).code).toBe('TREE_NAME_EXISTS');
    expect(errorOf(dup).message).toBe(
      'Auf dieser Ebene gibt es bereits einen Ort mit dem Namen „werkstatt w1“. Bitte wählen Sie einen anderen Namen.',
    );
    const renamed = await admin.patch(`/api/locations/${child.id}`, { version: 1, name: 'Werkstatt W2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ data: Location }>().data).toMatchObject({ name: 'Werkstatt W2', version: 2 });
    const empty = await admin.post('/api/locations', { parentId: parent, name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(empty).details)).toContain('Bitte geben Sie einen Namen an.');
    expect(await logStates('location', child.id)).toEqual([2, 1]);
  });

  it('saves details, escalation levels, responsibilities and designations; logs the change', async () => {
    const loc = await createLocation(await locationId('Werk Köln-Niehl'), 'Lager West');
    const sifa = await employeeIdByLogin(t.database.db, 'sifa');
    const res = await admin.patch(`/api/locations/${loc.id}`, {
      version: loc.version,
      street: 'Emdener Straße 280',
      zip: '50735',
      city: 'Köln',
      phone: '0221 9745-340',
      email: 'lager.west@rheinwerk-chemie.de',
      emergencyNumber: '2222',
      fireNumber: '112',
      escalationLevels: [
        { level: 0, employeeId: sifa, phone: '0171 1234567' },
        { level: 2, email: 'werkleitung@rheinwerk-chemie.de' },
      ],
      responsibilities: [{ employeeId: sifa, title: 'Lagerverantwortliche' }],
      designations: [{ name: 'Regal A' }, { name: 'Regal B' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ data: Location }>().data;
    expect(saved).toMatchObject({ city: 'Köln', version: 2, emergencyNumber: '2222' });
    expect(saved.escalationLevels[0]).toMatchObject({ level: 0, phone: '0171 1234567' });
    expect(saved.escalationLevels[0]?.employee?.id).toBe(sifa);
    expect(saved.escalationLevels[1]).toMatchObject({ level: 1, employee: null, email: null, phone: null });
    expect(saved.escalationLevels[2]?.email).toBe('werkleitung@rheinwerk-chemie.de');
    expect(saved.responsibilities).toEqual([
      expect.objectContaining({
        title: 'Lagerverantwortliche',
        employee: expect.objectContaining({ id: sifa }),
      }),
    ]);
    const regalA = saved.designations.find((d) => d.name === 'Regal A')!;
    // Rename one designation (kept by id), drop the other, add a new one.
    const second = await admin.patch(`/api/locations/${loc.id}`, {
      version: 2,
      designations: [{ id: regalA.id, name: 'Regal A1' }, { name: 'Regal C' }],
    });
    expect(second.statusCode, second.body).toBe(200);
    const after = second.json<{ data: Location }>().data;
    expect(after.designations.map((d) => d.name)).toEqual(['Regal A1', 'Regal C']);
    expect(after.designations.find((d) => d.name === 'Regal A1')?.id).toBe(regalA.id);
    // Sending the same values again changes nothing: no new version, no log entry.
    const same = await admin.patch(`/api/locations/${loc.id}`, { version: 3, city: 'Köln' });
    expect(same.json<{ data: Location }>().data.version).toBe(3);
    expect(await logStates('location', loc.id)).toEqual([2, 1, 1]);
  });

  it('refuses a bad e-mail, a bad phone number and duplicate designations with German messages', async () => {
    const id = await locationId('Tanklager Nord');
    const { version } = await getLocation(id);
    const res = await admin.patch(`/api/locations/${id}`, {
      version,
      email: 'keine-mail',
      fireNumber: 'Feuerwehr',
      designations: [{ name: 'Tor 1' }, { name: 'tor 1' }],
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('INPUT_VALIDATION_ERROR');
    const details = errorOf(res).details as { path: (string | number)[]; message: string }[];
    expect(details).toEqual(
      expect.arrayContaining([
        { path: ['body', 'email'], message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' },
        {
          path: ['body', 'fireNumber'],
          message: 'Die Feuerwehrnummer darf nur Ziffern, Leerzeichen und + / - ( ) enthalten.',
        },
        { path: ['body', 'designations', 1, 'name'], message: 'Die Bezeichnung „tor 1“ kommt doppelt vor.' },
      ]),
    );
    const level = await admin.patch(`/api/locations/${id}`, { version, escalationLevels: [{ level: 4 }] });
    expect(level.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(level).details)).toContain('Es gibt nur die Eskalationsstufen 0 bis 3.');
  });

  it('refuses an unknown or foreign-portal employee as responsible person', async () => {
    const id = await locationId('Labor L3');
    const { version } = await getLocation(id);
    const foreign = await createUser(t.database.db, { portalId: await customerPortalId(t.database.db) });
    const res = await admin.patch(`/api/locations/${id}`, {
      version,
      responsibilities: [{ employeeId: foreign.id }],
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('EMPLOYEE_NOT_FOUND');
  });

  it('answers 409 CONFLICT for a stale version and changes nothing', async () => {
    const loc = await createLocation(await locationId('Werk Leverkusen'), 'Parkhaus');
    const first = await admin.patch(`/api/locations/${loc.id}`, { version: 1, city: 'Leverkusen' });
    expect(first.statusCode).toBe(200);
    const stale = await admin.patch(`/api/locations/${loc.id}`, { version: 1, city: 'Köln' });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('CONFLICT');
    expect(errorOf(stale).message).toContain('inzwischen von einer anderen Person geändert');
    expect((await getLocation(loc.id)).city).toBe('Leverkusen');
    const staleMove = await admin.post(`/api/locations/${loc.id}/move`, { parentId: null, version: 1 });
    expect(staleMove.statusCode).toBe(409);
    const staleDelete = await admin.delete(`/api/locations/${loc.id}?version=1`);
    expect(staleDelete.statusCode).toBe(409);
  });

  it('moves a subtree; refuses moving under itself or a descendant (PARENT_IS_RECURSIVE)', async () => {
    const top = await createLocation(null, 'Außenlager Dormagen');
    const hall = await createLocation(top.id, 'Halle A');
    const room = await createLocation(hall.id, 'Raum A1');
    const self = await admin.post(`/api/locations/${top.id}/move`, {
      parentId: top.id,
      version: top.version,
    });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).code).toBe('PARENT_IS_RECURSIVE');
    expect(errorOf(self).message).toBe(
      'Der Ort „Außenlager Dormagen“ kann nicht sich selbst oder einem seiner Unterorte untergeordnet werden. Bitte wählen Sie ein anderes Ziel.',
    );
    const below = await admin.post(`/api/locations/${top.id}/move`, {
      parentId: room.id,
      version: top.version,
    });
    expect(below.statusCode).toBe(400);
    expect(errorOf(below).code).toBe('PARENT_IS_RECURSIVE');
    const target = await locationId('Werk Leverkusen');
    const moved = await admin.post(`/api/locations/${hall.id}/move`, {
      parentId: target,
      version: hall.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ data: Location }>().data.path).toEqual(['Werk Leverkusen', 'Halle A']);
    expect((await getLocation(room.id)).path).toEqual(['Werk Leverkusen', 'Halle A', 'Raum A1']);
    expect(await logStates('location', hall.id)).toEqual([2, 1]);
    // Moving next to a namesake is refused.
    const namesake = await createLocation(top.id, 'Halle A');
    const clash = await admin.post(`/api/locations/${namesake.id}/move`, { parentId: target, version: 1 });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).code).toBe('TREE_NAME_EXISTS');
  });

  it('refuses deleting a location with children or with employees; deletes a leaf and logs it', async () => {
    const koeln = await getLocation(await locationId('Werk Köln-Niehl'));
    const withChildren = await admin.delete(`/api/locations/${koeln.id}?version=${koeln.version}`);
    expect(withChildren.statusCode).toBe(409);
    expect(errorOf(withChildren).code).toBe('TREE_NODE_HAS_CHILDREN');
    expect(errorOf(withChildren).message).toMatch(
      /^Der Ort „Werk Köln-Niehl“ hat noch \d+ Unterorte und kann nicht gelöscht werden\. Bitte löschen oder verschieben Sie zuerst die Unterorte\.$/,
    );
    const halle1 = await getLocation(await locationId('Halle 1 – Abfüllung'));
    expect(halle1.employeeCount).toBeGreaterThan(0);
    const used = await admin.delete(`/api/locations/${halle1.id}?version=${halle1.version}`);
    expect(used.statusCode).toBe(409);
    expect(errorOf(used).code).toBe('TREE_NODE_IN_USE');
    expect(errorOf(used).message).toContain('Dem Ort „Halle 1 – Abfüllung“ sind noch');
    expect(errorOf(used).message).toContain('Bitte ordnen Sie die Mitarbeiter zuerst einem anderen Ort zu.');
    const leaf = await createLocation(koeln.id, 'Container 7');
    await admin.patch(`/api/locations/${leaf.id}`, { version: 1, designations: [{ name: 'Fach 1' }] });
    const ok = await admin.delete(`/api/locations/${leaf.id}?version=2`);
    expect(ok.statusCode).toBe(204);
    expect((await admin.get(`/api/locations/${leaf.id}`)).statusCode).toBe(404);
    expect(await logStates('location', leaf.id)).toEqual([2, 1, 0]);
  });

  it('blocks deleting an employee who is responsible for a location', async () => {
    const person = await createUser(t.database.db);
    const loc = await createLocation(null, 'Baustelle Hürth');
    await admin.patch(`/api/locations/${loc.id}`, {
      version: 1,
      responsibilities: [{ employeeId: person.id }],
    });
    const employee = await admin.get(`/api/employee/${person.id}`);
    const version = employee.json<{ data: { version: number } }>().data.version;
    const res = await admin.delete(`/api/employee/${person.id}?version=${version}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('IN_USE');
    expect(errorOf(res).message).toContain('„Baustelle Hürth“');
  });
});

describe('location rights', () => {
  it('403 without LOCATIONS; read-only user cannot create, edit, move or delete', async () => {
    const none = await as([]);
    expect((await none.get('/api/locations/tree')).statusCode).toBe(403);
    const reader = await as([P.LOCATIONS, P.LOCATIONS_ALL]);
    const nodes = await locationTree(reader);
    expect(nodes.length).toBeGreaterThan(5);
    const id = await locationId('Versandlager');
    const { version } = await getLocation(id, reader);
    for (const res of [
      await reader.post('/api/locations', { parentId: id, name: 'X' }),
      await reader.patch(`/api/locations/${id}`, { version, name: 'X' }),
      await reader.post(`/api/locations/${id}/move`, { parentId: null, version }),
      await reader.delete(`/api/locations/${id}?version=${version}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'NO_PERMISSION', message: 'Keine Berechtigung.' });
    }
  });

  it('checks field groups: details with LOCATIONS_DETAILS, escalation only with LOCATIONS_RESPONSIBILITIES', async () => {
    const details = await as([P.LOCATIONS, P.LOCATIONS_ALL, P.LOCATIONS_DETAILS]);
    const id = await locationId('Produktionsgebäude B12');
    let { version } = await getLocation(id);
    const ok = await details.patch(`/api/locations/${id}`, { version, fax: '0214 8612-413' });
    expect(ok.statusCode, ok.body).toBe(200);
    version = ok.json<{ data: Location }>().data.version;
    const rename = await details.patch(`/api/locations/${id}`, { version, name: 'B 12' });
    expect(rename.statusCode).toBe(403);
    expect(errorOf(rename).message).toBe(
      'Für diese Änderung fehlt Ihnen das Recht „Orte anlegen, bearbeiten und löschen“.',
    );
    const escalation = await details.patch(`/api/locations/${id}`, {
      version,
      escalationLevels: [{ level: 1, phone: '112' }],
    });
    expect(escalation.statusCode).toBe(403);
    expect(errorOf(escalation).message).toContain(
      'Verantwortliche und Eskalationsstufen von Orten bearbeiten',
    );
  });

  it('moving needs LOCATIONS_MOVE; without LOCATIONS_ALL only own locations are visible and editable', async () => {
    const editor = await as([P.LOCATIONS, P.LOCATIONS_EDIT]);
    // The test user has no location: nothing is in scope.
    expect(await locationTree(editor)).toEqual([]);
    const fuehrung = await t.login('fuehrung');
    const visible = await locationTree(fuehrung);
    expect(visible.map((n) => [n.name, n.editable])).toEqual([
      ['Werk Köln-Niehl', false],
      ['Halle 1 – Abfüllung', true],
    ]);
    expect((await fuehrung.get(`/api/locations/${await locationId('Labor L3')}`)).statusCode).toBe(404);
    const picker = await fuehrung.get('/api/locations/picker');
    expect(picker.json<{ data: { rows: { path: string }[] } }>().data.rows.map((r) => r.path)).toEqual([
      'Werk Köln-Niehl › Halle 1 – Abfüllung',
    ]);
    const mover = await as([P.LOCATIONS, P.LOCATIONS_ALL, P.LOCATIONS_EDIT]);
    const loc = await createLocation(await locationId('Werk Leverkusen'), 'Kantine', mover);
    const move = await mover.post(`/api/locations/${loc.id}/move`, { parentId: null, version: 1 });
    expect(move.statusCode).toBe(403);
    const moverWithRight = await as([P.LOCATIONS, P.LOCATIONS_ALL, P.LOCATIONS_MOVE]);
    const moved = await moverWithRight.post(`/api/locations/${loc.id}/move`, {
      parentId: await locationId('Werk Köln-Niehl'),
      version: 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('keeps portals apart: a customer-portal user neither sees nor changes the main portal tree', async () => {
    const customer = await as([P.LOCATIONS, P.LOCATIONS_ALL, P.LOCATIONS_EDIT, P.LOCATIONS_MOVE], {
      portalId: await customerPortalId(t.database.db),
    });
    const nodes = await locationTree(customer);
    expect(nodes.map((n) => n.name)).toEqual(['Hafen Hamburg, Schuppen 7']);
    const mainId = await locationId('Werk Leverkusen');
    expect((await customer.get(`/api/locations/${mainId}`)).statusCode).toBe(404);
    expect((await customer.patch(`/api/locations/${mainId}`, { version: 1, city: 'X' })).statusCode).toBe(
      404,
    );
    expect((await customer.delete(`/api/locations/${mainId}?version=1`)).statusCode).toBe(404);
    const under = await customer.post('/api/locations', { parentId: mainId, name: 'Fremd' });
    expect(under.statusCode).toBe(404);
    const own = nodes[0]!;
    const move = await customer.post(`/api/locations/${own.id}/move`, {
      parentId: mainId,
      version: own.version,
    });
    expect(move.statusCode).toBe(404);
    expect((await customer.get(`/api/locations/tree?portalId=${1}`)).statusCode).toBe(403);
    // Main-portal administrators may look at another portal's tree (e.g. for its employees).
    const foreign = await admin.get(
      `/api/locations/picker?portalId=${await customerPortalId(t.database.db)}`,
    );
    expect(foreign.json<{ data: { rows: { name: string }[] } }>().data.rows.map((r) => r.name)).toEqual([
      'Hafen Hamburg, Schuppen 7',
    ]);
  });
});

describe('pickers', () => {
  it('location picker: tree order with paths, word search over the path, paging', async () => {
    const res = await admin.get('/api/locations/picker?search=köln halle&limit=100');
    expect(res.statusCode).toBe(200);
    const rows = res.json<{
      data: { rows: { name: string; path: string; depth: number }[]; filteredCount: number };
    }>().data;
    expect(rows.rows.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        'Werk Köln-Niehl › Halle 1 – Abfüllung',
        'Werk Köln-Niehl › Halle 2 – Synthese',
      ]),
    );
    expect(rows.rows.every((r) => r.path.startsWith('Werk Köln-Niehl'))).toBe(true);
    const page = await admin.post('/api/locations/picker', { offset: 1, limit: 2 });
    const data = page.json<{ data: { rows: unknown[]; filteredCount: number } }>().data;
    expect(data.rows).toHaveLength(2);
    expect(data.filteredCount).toBeGreaterThan(5);
    const bad = await admin.get('/api/locations/picker?orderBy=portalId');
    expect(bad.statusCode).toBe(400);
  });

  it('department pickers: /departments/picker and /hazardanalysis/pickerDepartments (value = path)', async () => {
    const res = await admin.get('/api/departments/picker?search=schicht');
    const rows = res.json<{ data: { rows: { path: string }[] } }>().data.rows;
    expect(rows.map((r) => r.path)).toEqual(['Produktion › Schichtbetrieb']);
    const hazard = await admin.get('/api/hazardanalysis/pickerDepartments?search=produktion');
    expect(hazard.statusCode).toBe(200);
    const values = hazard.json<{ data: { rows: { value: string; isContainer: boolean }[] } }>().data.rows;
    expect(values[0]).toEqual(expect.objectContaining({ value: 'Produktion', isContainer: true }));
    expect(values.map((v) => v.value)).toContain('Produktion › Produktion Synthese');
    const employee = await t.login('mitarbeiter');
    // Mitarbeiter holds HAZARDANALYSIS_READONLY_RELEASED: the list source answers (own department only).
    const own = await employee.get('/api/hazardanalysis/pickerDepartments');
    expect(own.statusCode).toBe(200);
    const none = await as([]);
    expect((await none.get('/api/hazardanalysis/pickerDepartments')).statusCode).toBe(403);
  });
});

describe('departments tree', () => {
  async function departmentId(name: string): Promise<number> {
    const res = await admin.get('/api/departments/tree');
    const node = res.json<{ data: { nodes: TreeNode[] } }>().data.nodes.find((n) => n.name === name);
    return node!.id;
  }

  it('containers carry monthly hours within 0…744; hours without container are refused', async () => {
    const produktion = await admin.get(`/api/departments/${await departmentId('Produktion')}`);
    expect(produktion.json<{ data: Department }>().data).toMatchObject({
      isContainer: true,
      monthlyHours: 164.67,
    });
    const created = await admin.post('/api/departments', { parentId: null, name: 'Werkfeuerwehr' });
    expect(created.statusCode, created.body).toBe(201);
    const dep = created.json<{ data: Department }>().data;
    const tooMany = await admin.patch(`/api/departments/${dep.id}`, {
      version: 1,
      isContainer: true,
      monthlyHours: 745,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(tooMany).details)).toContain(
      'Die Monatsstunden dürfen höchstens 744 betragen (31 Tage × 24 Stunden).',
    );
    const negative = await admin.patch(`/api/departments/${dep.id}`, {
      version: 1,
      isContainer: true,
      monthlyHours: -1,
    });
    expect(JSON.stringify(errorOf(negative).details)).toContain(
      'Die Monatsstunden dürfen nicht negativ sein.',
    );
    const noContainer = await admin.patch(`/api/departments/${dep.id}`, { version: 1, monthlyHours: 160 });
    expect(noContainer.statusCode).toBe(400);
    expect(errorOf(noContainer).message).toBe(
      'Monatsstunden können nur für einen Abteilungscontainer angegeben werden.',
    );
    const ok = await admin.patch(`/api/departments/${dep.id}`, {
      version: 1,
      isContainer: true,
      monthlyHours: 168.5,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: Department }>().data).toMatchObject({
      isContainer: true,
      monthlyHours: 168.5,
      version: 2,
    });
    const off = await admin.patch(`/api/departments/${dep.id}`, { version: 2, isContainer: false });
    expect(off.json<{ data: Department }>().data).toMatchObject({ isContainer: false, monthlyHours: null });
    expect(await logStates('department', dep.id)).toEqual([2, 1, 1]);
  });

  it('a department has a head (decision 045): set, shown, logged, refused from another portal, cleared', async () => {
    const created = await admin.post('/api/departments', { parentId: null, name: 'Qualitätssicherung' });
    const dep = created.json<{ data: Department }>().data;
    expect(dep.head).toBeNull();
    const head = await createUser(t.database.db, { permissions: [] });
    const set = await admin.patch(`/api/departments/${dep.id}`, {
      version: dep.version,
      headEmployeeId: head.id,
    });
    expect(set.statusCode, set.body).toBe(200);
    const withHead = set.json<{ data: Department }>().data;
    expect(withHead.head?.id).toBe(head.id);
    expect(withHead.version).toBe(dep.version + 1);
    expect((await admin.get(`/api/departments/${dep.id}`)).json<{ data: Department }>().data.head?.id).toBe(
      head.id,
    );
    // Stale version: 409 and nothing changes.
    const stale = await admin.patch(`/api/departments/${dep.id}`, {
      version: dep.version,
      headEmployeeId: null,
    });
    expect(stale.statusCode).toBe(409);
    // An employee of another portal is no head here.
    const foreign = await createUser(t.database.db, {
      permissions: [],
      portalId: await customerPortalId(t.database.db),
    });
    const refused = await admin.patch(`/api/departments/${dep.id}`, {
      version: withHead.version,
      headEmployeeId: foreign.id,
    });
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).code).toBe('EMPLOYEE_NOT_FOUND');
    // Without the edit right: 403.
    const reader = await as([P.DEPARTMENTS, P.DEPARTMENTS_ALL]);
    const forbidden = await reader.patch(`/api/departments/${dep.id}`, {
      version: withHead.version,
      headEmployeeId: null,
    });
    expect(forbidden.statusCode).toBe(403);
    // Naming only the head leaves the other fields; null clears it.
    const cleared = await admin.patch(`/api/departments/${dep.id}`, {
      version: withHead.version,
      headEmployeeId: null,
    });
    expect(cleared.json<{ data: Department }>().data).toMatchObject({
      head: null,
      name: 'Qualitätssicherung',
    });
    expect(await logStates('department', dep.id)).toEqual([2, 1, 1]);
  });

  it('move, recursion, delete rules and rights as for locations', async () => {
    const produktion = await departmentId('Produktion');
    const schicht = await departmentId('Schichtbetrieb');
    const res = await admin.get(`/api/departments/${produktion}`);
    const { version } = res.json<{ data: Department }>().data;
    const recursive = await admin.post(`/api/departments/${produktion}/move`, { parentId: schicht, version });
    expect(recursive.statusCode).toBe(400);
    expect(errorOf(recursive)).toMatchObject({
      code: 'PARENT_IS_RECURSIVE',
      message:
        'Die Abteilung „Produktion“ kann nicht sich selbst oder einer ihrer Unterabteilungen untergeordnet werden. Bitte wählen Sie ein anderes Ziel.',
    });
    const withChildren = await admin.delete(`/api/departments/${produktion}?version=${version}`);
    expect(errorOf(withChildren).code).toBe('TREE_NODE_HAS_CHILDREN');
    const schichtVersion = (await admin.get(`/api/departments/${schicht}`)).json<{ data: Department }>().data
      .version;
    const inUse = await admin.delete(`/api/departments/${schicht}?version=${schichtVersion}`);
    expect(inUse.statusCode).toBe(409);
    expect(errorOf(inUse).code).toBe('TREE_NODE_IN_USE');
    expect(errorOf(inUse).message).toContain('Der Abteilung „Schichtbetrieb“ sind noch');
    const reader = await as([P.DEPARTMENTS, P.DEPARTMENTS_ALL]);
    expect((await reader.post('/api/departments', { parentId: null, name: 'X' })).statusCode).toBe(403);
    expect(
      (await reader.post(`/api/departments/${schicht}/move`, { parentId: null, version: 1 })).statusCode,
    ).toBe(403);
    const mover = await as([P.DEPARTMENTS, P.DEPARTMENTS_ALL, P.DEPARTMENTS_MOVE]);
    const moved = await mover.post(`/api/departments/${schicht}/move`, {
      parentId: await departmentId('Instandhaltung'),
      version: schichtVersion,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ data: Department }>().data.path).toEqual(['Instandhaltung', 'Schichtbetrieb']);
  });
});

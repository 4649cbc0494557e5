import type { Employee } from '@schutzwerk/shared/employees/employee.schema.ts';
import type { AssignmentRow } from '@schutzwerk/shared/instructions/assignments.schema.ts';
import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import type {
  EmployeeInstructions,
  ProfileSaveResult,
} from '@schutzwerk/shared/instructions/profiles.schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createTestApp, type TestApp } from '#test/app.ts';

/**
 * Decision 045: a profile assigned to a location or department also reaches the employees of its sub-units
 * („gilt auch für untergeordnete Einheiten“, on by default); moving a unit re-evaluates its branch.
 */
let t: TestApp;
let admin: ApiClient;
let counter = 0;
const uniq = () => `${process.pid}-${++counter}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

type R = Awaited<ReturnType<ApiClient['get']>>;
function ok<T>(res: R, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ data: T }>().data;
}
async function topic(): Promise<Topic> {
  return ok<Topic>(
    await admin.post('/api/topics', { label: `Unterthema ${uniq()}`, identifier: `S-${uniq()}` }),
    201,
  );
}
async function unit(kind: 'locations' | 'departments', parentId: number | null = null) {
  return ok<{ id: number; version: number }>(
    await admin.post(`/api/${kind}`, { parentId, name: `Einheit ${uniq()}` }),
    201,
  );
}
async function employee(fields: Record<string, unknown>): Promise<Employee> {
  const n = uniq();
  return ok<Employee>(
    await admin.post('/api/employee', {
      personnelNumber: `SU${n}`,
      lastName: `Unter${n}`,
      firstName: 'Uwe',
      ...fields,
    }),
    201,
  );
}
const topicsOf = async (employeeId: number) =>
  ok<{ rows: AssignmentRow[] }>(
    await admin.get(`/api/instructions/employees/${employeeId}/assignments`),
  ).rows.map((r) => r.topicId);

describe('profiles by sub-units', () => {
  it('a department profile reaches sub-departments by default, and not when the flag is off', async () => {
    const top = await unit('departments');
    const mid = await unit('departments', top.id);
    const leaf = await unit('departments', mid.id);
    const [atTop, atLeaf] = [
      await employee({ departmentId: top.id }),
      await employee({ departmentId: leaf.id }),
    ];
    const outside = await employee({ departmentId: (await unit('departments')).id });
    const tp = await topic();
    const saved = ok<ProfileSaveResult>(
      await admin.post('/api/instructions/profiles', {
        label: `Profil ${uniq()}`,
        topicIds: [tp.id],
        sources: [{ kind: 'department', id: top.id }],
      }),
      201,
    );
    expect(saved.profile.includeSubUnits).toBe(true);
    expect(saved.assignments.created).toBe(2);
    expect(saved.profile.employeeCount).toBe(2);
    expect(await topicsOf(atLeaf.id)).toEqual([tp.id]);
    expect(await topicsOf(outside.id)).toEqual([]);
    const tab = ok<EmployeeInstructions>(await admin.get(`/api/instructions/employees/${atLeaf.id}`));
    expect(tab.profiles.map((p) => p.kind)).toEqual(['department']);

    // Flag off: only the department itself; the sub-department's open item goes.
    const off = ok<ProfileSaveResult>(
      await admin.put(`/api/instructions/profiles/${saved.profile.id}`, {
        version: saved.profile.version,
        label: saved.profile.label,
        description: '',
        includeSubUnits: false,
        topicIds: [tp.id],
        sources: [{ kind: 'department', id: top.id }],
      }),
    );
    expect(off.profile.includeSubUnits).toBe(false);
    expect(off.assignments).toEqual({ created: 0, removed: 1 });
    expect(await topicsOf(atLeaf.id)).toEqual([]);
    expect(await topicsOf(atTop.id)).toEqual([tp.id]);

    // A PUT without the flag leaves it as stored.
    const kept = ok<ProfileSaveResult>(
      await admin.put(`/api/instructions/profiles/${saved.profile.id}`, {
        version: off.profile.version,
        label: saved.profile.label,
        description: 'ohne Flag',
        topicIds: [tp.id],
        sources: [{ kind: 'department', id: top.id }],
      }),
    );
    expect(kept.profile.includeSubUnits).toBe(false);
  });

  it('the matrix filters by a department or location with its sub-units, or the unit alone', async () => {
    const dep = await unit('departments');
    const subDep = await unit('departments', dep.id);
    const loc = await unit('locations');
    const subLoc = await unit('locations', loc.id);
    const [atDep, belowDep, atLoc, belowLoc] = [
      await employee({ departmentId: dep.id }),
      await employee({ departmentId: subDep.id }),
      await employee({ locationId: loc.id }),
      await employee({ locationId: subLoc.id }),
    ];
    await employee({ departmentId: (await unit('departments')).id });
    const ids = async (body: Record<string, unknown>) =>
      ok<{ rows: { employeeId: number }[] }>(await admin.post('/api/instructions/matrix/list', body))
        .rows.map((r) => r.employeeId)
        .sort((a, b) => a - b);
    const sorted = (...e: Employee[]) => e.map((x) => x.id).sort((a, b) => a - b);
    expect(await ids({ departmentId: dep.id })).toEqual(sorted(atDep, belowDep));
    expect(await ids({ departmentId: dep.id, subUnits: false })).toEqual(sorted(atDep));
    expect(await ids({ departmentId: subDep.id })).toEqual(sorted(belowDep));
    expect(await ids({ locationId: loc.id })).toEqual(sorted(atLoc, belowLoc));
    expect(await ids({ locationId: loc.id, subUnits: false })).toEqual(sorted(atLoc));
  });

  it('a location profile reaches a new employee of a sub-location, and moving a location re-evaluates', async () => {
    const site = await unit('locations');
    const hall = await unit('locations', site.id);
    const elsewhere = await unit('locations');
    const tp = await topic();
    ok(
      await admin.post('/api/instructions/profiles', {
        label: `Profil ${uniq()}`,
        topicIds: [tp.id],
        sources: [{ kind: 'location', id: site.id }],
      }),
      201,
    );
    const worker = await employee({ locationId: hall.id });
    expect(await topicsOf(worker.id)).toEqual([tp.id]);

    // The hall moves away from the site: its people lose the open item of the site's profile …
    const moved = ok<{ version: number }>(
      await admin.post(`/api/locations/${hall.id}/move`, { parentId: elsewhere.id, version: hall.version }),
    );
    expect(await topicsOf(worker.id)).toEqual([]);
    // … and get it again when it moves back.
    ok(await admin.post(`/api/locations/${hall.id}/move`, { parentId: site.id, version: moved.version }));
    expect(await topicsOf(worker.id)).toEqual([tp.id]);
  });
});

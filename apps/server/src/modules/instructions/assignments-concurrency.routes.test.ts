import type { Employee } from '@schutzwerk/shared/employees/employee.schema.ts';
import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { type ApiClient, createSecondInstance, createTestApp, type TestApp } from '#test/app.ts';

/**
 * Decision 045: two writers assigning the same topic to the same employee at the same moment — a profile save
 * and single assignments, on two app instances on one database — leave exactly one unfinished item. The
 * partial unique index `instruction_assignments_unfinished` decides; the inserts skip on conflict.
 */
let a: TestApp;
let b: Awaited<ReturnType<typeof createSecondInstance>>;
let adminOnA: ApiClient;
let adminOnB: ApiClient;
let counter = 0;
const uniq = () => `${process.pid}-${++counter}`;

beforeAll(async () => {
  a = await createTestApp();
  b = await createSecondInstance(a);
  adminOnA = await a.login('admin');
  adminOnB = b.client();
  adminOnB.token = adminOnA.token;
});
afterAll(async () => {
  await b.close();
  await a.close();
});

type R = Awaited<ReturnType<ApiClient['get']>>;
function ok<T>(res: R, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ data: T }>().data;
}
async function unfinished(employeeIds: readonly number[], topicId: number) {
  return queryRows<{ employee_id: number; n: number }>(
    a.database.db,
    sql`select employee_id, count(*)::int as n from instruction_assignments
        where topic_id = ${topicId} and status <> 'E' and employee_id = any(${sql.param([...employeeIds])}::int[])
        group by employee_id order by employee_id`,
  );
}

describe('no duplicate unfinished item under concurrency', () => {
  it('parallel single assignments on two instances create one item per employee', async () => {
    const tp = ok<Topic>(
      await adminOnA.post('/api/topics', { label: `Parallel ${uniq()}`, identifier: `C-${uniq()}` }),
      201,
    );
    const n = uniq();
    const e = ok<Employee>(
      await adminOnA.post('/api/employee', {
        personnelNumber: `CC${n}`,
        lastName: `Parallel${n}`,
        firstName: 'Pia',
      }),
      201,
    );
    const body = { topicId: tp.id, employeeIds: [e.id] };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 === 0 ? adminOnA : adminOnB).post('/api/instructions/assignments', body),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const created = answers.map((res) => res.json<{ data: { created: number; skipped: number } }>().data);
    expect(created.reduce((sum, r) => sum + r.created, 0)).toBe(1);
    expect(created.every((r) => r.created + r.skipped === 1)).toBe(true);
    expect(await unfinished([e.id], tp.id)).toEqual([{ employee_id: e.id, n: 1 }]);
  });

  it('a profile save on one instance and single assignments on the other leave one item each', async () => {
    const dep = ok<{ id: number }>(
      await adminOnA.post('/api/departments', { parentId: null, name: `Parallel ${uniq()}` }),
      201,
    );
    const people: number[] = [];
    for (let i = 0; i < 6; i++) {
      const n = uniq();
      people.push(
        ok<Employee>(
          await adminOnA.post('/api/employee', {
            personnelNumber: `CP${n}`,
            lastName: `Profil${n}`,
            firstName: 'Paul',
            departmentId: dep.id,
          }),
          201,
        ).id,
      );
    }
    const tp = ok<Topic>(
      await adminOnA.post('/api/topics', { label: `Parallel ${uniq()}`, identifier: `C-${uniq()}` }),
      201,
    );
    const answers = await Promise.all([
      adminOnA.post('/api/instructions/profiles', {
        label: `Parallel ${uniq()}`,
        topicIds: [tp.id],
        sources: [{ kind: 'department', id: dep.id }],
      }),
      ...people.map((id) =>
        adminOnB.post('/api/instructions/assignments', { topicId: tp.id, employeeIds: [id] }),
      ),
      adminOnB.post('/api/instructions/matrix/assign', {
        pairs: people.map((employeeId) => ({ employeeId, topicId: tp.id })),
      }),
    ]);
    for (const res of answers) expect([200, 201]).toContain(res.statusCode);
    expect(await unfinished(people, tp.id)).toEqual(people.map((id) => ({ employee_id: id, n: 1 })));
  });

  it('the database refuses a second unfinished item of a topic for an employee', async () => {
    const [row] = await queryRows<{ portal_id: number; employee_id: number; topic_id: number }>(
      a.database.db,
      sql`select portal_id, employee_id, topic_id from instruction_assignments where status <> 'E' limit 1`,
    );
    await expect(
      a.database.db.execute(sql`insert into instruction_assignments
        (portal_id, employee_id, topic_id, type, status, due_date, original_due_date)
        values (${row!.portal_id}, ${row!.employee_id}, ${row!.topic_id}, 'instruction', 'A', '2030-01-01', '2030-01-01')`),
    ).rejects.toThrow();
  });
});

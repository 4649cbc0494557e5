import type { Run, Task } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle, sessions } from '#platform/platform.table.ts';
import { hashToken } from '#platform/sessions.ts';
import { type ApiClient, createTestApp, type TestApp } from '#test/app.ts';
import { employeeIdByLogin } from '#test/fixtures.ts';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

describe('scheduled job session-cleanup (Sitzungen bereinigen)', () => {
  it('deletes expired and idle sessions and finished throttle counters, and keeps live ones', async () => {
    const db = t.database.db;
    const adminId = await employeeIdByLogin(db, 'admin');
    const past = new Date(Date.now() - 2 * 86_400_000);
    await db.insert(sessions).values([
      { tokenHash: hashToken('expired-token-0000000000'), employeeId: adminId, expiresAt: past },
      {
        tokenHash: hashToken('idle-token-00000000000000'),
        employeeId: adminId,
        lastSeenAt: past,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    ]);
    await db.insert(loginThrottle).values([
      { key: 'u:old-attempts', failures: 3, windowStart: past },
      { key: 'u:fresh-attempts', failures: 2 },
    ]);

    const list = await admin.get('/api/taskschedule/list?search=Sitzungen');
    const task = list.json<{ data: { rows: Task[] } }>().data.rows[0]!;
    expect(task.key).toBe('session-cleanup');
    expect((await admin.post(`/api/taskschedule/${task.id}/run`)).statusCode).toBe(202);
    await t.app.scheduler.whenIdle();

    const runs = await admin.get(`/api/taskschedule/${task.id}/runs`);
    const [run] = runs.json<{ data: { rows: Run[] } }>().data.rows;
    expect(run).toMatchObject({ outcome: 'ok', summary: '2 Sitzungen und 1 Anmeldezähler gelöscht.' });
    expect(run!.log).toContain('2 abgelaufene Sitzungen gelöscht.');
    expect(run!.log).toContain('1 erledigte Anmeldezähler gelöscht.');

    const left = await db
      .select({ key: loginThrottle.key })
      .from(loginThrottle)
      .where(inArray(loginThrottle.key, ['u:old-attempts', 'u:fresh-attempts']));
    expect(left.map((r) => r.key)).toEqual(['u:fresh-attempts']);
    const expired = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken('expired-token-0000000000')));
    expect(expired).toEqual([]);
    // The admin's own session is alive and still works.
    expect((await admin.get('/api/taskschedule/list')).statusCode).toBe(200);
  });
});

import { and, gt, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/query.ts';
import { countOf, countRows } from '#platform/list-count.ts';
import { createTestApp, type TestApp } from '#test/app.ts';

/**
 * The cached list count (decision 035, amended): exact at every moment — reused only while nothing has
 * committed, recounted after any commit (from this connection or another), never cached inside a transaction.
 */
const probe = pgTable('count_probe', { id: integer('id').primaryKey(), n: integer('n').notNull() });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`create table count_probe (id integer primary key, n integer not null)`);
  await t.database.db.execute(sql`insert into count_probe select g, g % 10 from generate_series(1, 500) g`);
});
afterAll(async () => {
  await t.close();
});

/** countOf over the probe table, counting how often the count query itself ran. */
function countingProbe(where = gt(probe.n, 4)) {
  const db = t.database.db;
  const state = { executed: 0 };
  const run = () =>
    countOf(db, (fields) => {
      const query = db.select(fields).from(probe).where(where);
      return {
        toSQL: () => query.toSQL(),
        // biome-ignore lint/suspicious/noThenProperty: a counting stand-in for the query's own thenable
        then: (resolve, reject) => {
          state.executed++;
          return query.then(resolve, reject);
        },
      };
    });
  return { run, state };
}

describe('cached list count', () => {
  it('reuses a count while nothing has committed', async () => {
    // On a PostgreSQL server shared with other test files, their commits move the snapshot too (and rightly end
    // the reuse): try until three counts ran while the snapshot stood still. Each try has a filter of its own.
    const snapshot = async () =>
      (await queryRows<{ s: string }>(t.database.db, sql`select pg_current_snapshot()::text as s`))[0]!.s;
    for (let attempt = 0; attempt < 50; attempt++) {
      const probeCount = countingProbe(and(gt(probe.n, 4), sql`${attempt}::int >= 0`));
      const before = await snapshot();
      const counts = [await probeCount.run(), await probeCount.run(), await probeCount.run()];
      const after = await snapshot();
      expect(counts).toEqual([250, 250, 250]);
      if (before === after) {
        expect(probeCount.state.executed).toBe(1);
        return;
      }
    }
    throw new Error('the snapshot never stood still for three counts');
  });

  it('recounts after any commit, also of another table', async () => {
    const probeCount = countingProbe(gt(probe.n, 5)); // a filter of its own: the first count runs here
    expect(await probeCount.run()).toBe(200);
    await t.database.db.execute(sql`insert into count_probe values (1001, 9)`);
    expect(await probeCount.run()).toBe(201);
    // A commit elsewhere (here: a change-log-like write to another table) also ends the reuse: exact, never stale.
    await t.database.db.execute(sql`create temporary table if not exists count_other (x int)`);
    await t.database.db.execute(sql`insert into count_other values (1)`);
    expect(await probeCount.run()).toBe(201);
    expect(probeCount.state.executed).toBe(3);
    await t.database.db.execute(sql`delete from count_probe where id = 1001`);
    expect(await probeCount.run()).toBe(200);
  });

  it('keeps different filters apart', async () => {
    const db = t.database.db;
    expect(await countRows(db, probe, gt(probe.n, 4))).toBe(250);
    expect(await countRows(db, probe, gt(probe.n, 8))).toBe(50);
    expect(await countRows(db, probe, undefined)).toBe(500);
    expect(await countRows(db, probe, gt(probe.n, 4))).toBe(250);
  });

  it('counts inside a transaction with its own writes, without caching them', async () => {
    const db = t.database.db;
    expect(await countRows(db, probe, undefined)).toBe(500);
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into count_probe values (2001, 1)`);
        expect(await countRows(tx, probe, undefined)).toBe(501);
        throw new Error('rollback');
      })
      .catch((error: Error) => expect(error.message).toBe('rollback'));
    expect(await countRows(db, probe, undefined)).toBe(500);
  });
});

import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versioned } from '#db/columns.ts';
import { deleteVersioned, updateVersioned, updateVersionedReturning } from '#db/versioned.ts';
import { createTestApp, type TestApp } from '#test/app.ts';

/** Optimistic locking in one place (`#db/versioned.ts`, decision 031) against a probe table of its own. */
const probe = pgTable('versioned_probe', {
  id: integer('id').primaryKey(),
  owner: integer('owner').notNull(),
  name: text('name').notNull(),
  ...versioned,
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`create table versioned_probe (
    id integer primary key, owner integer not null, name text not null,
    version integer not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default '2000-01-01')`);
  await t.database.db.execute(
    sql`insert into versioned_probe (id, owner, name) values (1, 7, 'a'), (2, 7, 'b')`,
  );
});
afterAll(async () => {
  await t.close();
});

const row = async (id: number) => (await t.database.db.select().from(probe).where(eq(probe.id, id)))[0];

describe('versioned writes', () => {
  it('updates only with the current version, bumping version and updatedAt', async () => {
    const db = t.database.db;
    expect(await updateVersioned(db, probe, 1, 2, { name: 'stale' })).toBe(false);
    expect(await row(1)).toMatchObject({ name: 'a', version: 1 });
    expect(await updateVersioned(db, probe, 1, 1, { name: 'neu' })).toBe(true);
    const after = await row(1);
    expect(after).toMatchObject({ name: 'neu', version: 2, owner: 7 });
    expect(after!.updatedAt.getFullYear()).toBeGreaterThan(2000);
    // the same version again is now stale
    expect(await updateVersioned(db, probe, 1, 1, { name: 'zweimal' })).toBe(false);
  });

  it('answers the updated row, or undefined for a stale version or a failed extra condition', async () => {
    const db = t.database.db;
    expect(await updateVersionedReturning(db, probe, 2, 5, { name: 'x' })).toBeUndefined();
    expect(
      await updateVersionedReturning(db, probe, 2, 1, { name: 'x' }, eq(probe.owner, 8)),
    ).toBeUndefined();
    expect(await updateVersionedReturning(db, probe, 2, 1, { name: 'x' }, eq(probe.owner, 7))).toMatchObject({
      id: 2,
      name: 'x',
      version: 2,
    });
  });

  it('deletes only with the current version', async () => {
    const db = t.database.db;
    expect(await deleteVersioned(db, probe, 2, 1)).toBe(false);
    expect(await row(2)).toBeDefined();
    expect(await deleteVersioned(db, probe, 2, 2)).toBe(true);
    expect(await row(2)).toBeUndefined();
    expect(await deleteVersioned(db, probe, 2, 2)).toBe(false);
  });
});

import { listQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAll, type ListPlan, type ListSource, planList, runList } from '#platform/list.ts';
import { createTestApp, type TestApp } from '#test/app.ts';

/**
 * Decision 035: a page read from the end (back half), and a deep page found through the keys subquery
 * (`rowsOf`), must be exactly the page a plain OFFSET gives — for every offset, both directions, sort keys
 * with ties and NULLs, a search, a joined sort key, on both databases.
 */
const probeCities = pgTable('list_probe_cities', { id: integer('id').primaryKey(), name: text('name') });
const probe = pgTable('list_probe', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  rank: integer('rank'),
  cityId: integer('city_id'),
  active: integer('active').notNull(),
});

const source = {
  orderBy: {
    name: probe.name,
    rank: [probe.rank, probe.name],
    city: [probeCities.name, probe.name],
  },
  defaultOrderBy: 'name',
  tieBreaker: probe.id,
  searchText: sql`${probe.name}`,
  rowsOf: probe,
} satisfies ListSource<'name' | 'rank' | 'city'>;

const ROWS = 1523;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await db.execute(sql`create table list_probe_cities (id integer primary key, name text)`);
  await db.execute(sql`create table list_probe (id integer primary key, name text not null, rank integer,
                                               city_id integer, active integer not null)`);
  await db.execute(sql`insert into list_probe_cities select g, case when g % 4 = 0 then null else 'Stadt ' || (g % 3) end
                        from generate_series(1, 9) g`);
  // Few distinct names (many ties, broken by id), a third of the ranks NULL, some rows without a city.
  await db.execute(sql`insert into list_probe
    select g, (array['Meier','Müller','Schmidt','Özdemir','meier','Weber'])[1 + (g * 7) % 6],
           case when g % 3 = 0 then null else (g * 13) % 17 end,
           case when g % 10 = 0 then null else 1 + g % 9 end, (g % 5 <> 0)::int
      from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`analyze list_probe`);
});
afterAll(async () => {
  await t.close();
});

async function page(query: Record<string, unknown>, filters: (SQL | undefined)[] = []) {
  const db = t.database.db;
  const plans: ListPlan[] = [];
  const rows = (p: ListPlan) => {
    plans.push(p);
    return db
      .select({ id: probe.id })
      .from(probe)
      .leftJoin(probeCities, eq(probeCities.id, probe.cityId))
      .where(p.where)
      .orderBy(...p.orderBy)
      .limit(p.limit)
      .offset(p.offset);
  };
  const plan = planList(source, listQuerySchema.parse(query), filters);
  const result = await runList(plan, {
    rows,
    count: async (where) => {
      const [row] = await db.select({ n: countAll }).from(probe).where(where);
      return row?.n ?? 0;
    },
  });
  // The plain OFFSET page, as before decision 035.
  const expected = await db
    .select({ id: probe.id })
    .from(probe)
    .leftJoin(probeCities, eq(probeCities.id, probe.cityId))
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  return { result, expected: expected.map((r) => r.id), plans, plan };
}

describe('list paging from the end and through the keys subquery (decision 035)', () => {
  it('answers every page exactly as a plain offset does, for every sort, direction and a search', async () => {
    const active = sql`${probe.active} = 1`;
    let reversed = 0;
    let skipped = 0;
    for (const orderBy of ['name', 'rank', 'city'] as const) {
      for (const orderDirection of ['asc', 'desc'] as const) {
        for (const [search, filters] of [
          ['', []],
          ['', [active]],
          ['mei', [active]],
        ] as [string, SQL[]][]) {
          for (const limit of [100, 7]) {
            for (let offset = 0; offset <= ROWS + limit; offset += limit === 100 ? 47 : 97) {
              const { result, expected, plans, plan } = await page(
                { orderBy, orderDirection, search, limit, offset },
                filters,
              );
              const label = JSON.stringify({
                orderBy,
                orderDirection,
                search,
                limit,
                offset,
                filters: filters.length,
              });
              expect(
                result.rows.map((r) => r.id),
                label,
              ).toEqual(expected);
              const read = plans[0];
              if (read?.orderBy === plan.reverseOrderBy) reversed++;
              if (read && read.where !== plan.where) skipped++;
            }
          }
        }
      }
    }
    // Both ways were taken (not only the plain offset).
    expect(reversed).toBeGreaterThan(50);
    expect(skipped).toBeGreaterThan(50);
  });

  it('reads a page of the back half from the end and turns it round', async () => {
    const { result, expected, plans, plan } = await page({ orderBy: 'name', offset: 1000, limit: 100 });
    expect(result.filteredCount).toBe(ROWS);
    expect(result.rows.map((r) => r.id)).toEqual(expected);
    expect(expected).toHaveLength(100);
    // One page query, in the reverse order; 423 rows from the end is deep enough for the keys subquery.
    expect(plans).toHaveLength(1);
    expect(plans[0]!.orderBy).toBe(plan.reverseOrderBy);
    expect(plans[0]).toMatchObject({ offset: 0, limit: 100 });
    expect(plans[0]!.where).not.toBe(plan.where);
    // The last page: 23 rows, the first 23 of the reverse order.
    const last = await page({ orderBy: 'name', offset: 1500, limit: 100 });
    expect(last.result.rows.map((r) => r.id)).toEqual(last.expected);
    expect(last.expected).toHaveLength(23);
    expect(last.plans[0]!.orderBy).toBe(last.plan.reverseOrderBy);
    expect(last.plans[0]).toMatchObject({ offset: 0, limit: 23, where: last.plan.where });
  });

  it('skips on the list table alone, but not when a sort key is a joined column', async () => {
    const own = planList(source, listQuerySchema.parse({ orderBy: 'rank' }));
    expect(own.skip).toBeDefined();
    const joined = planList(source, listQuerySchema.parse({ orderBy: 'city' }));
    expect(joined.skip).toBeUndefined();
    const filtered = planList(source, listQuerySchema.parse({}), [sql`${probeCities.name} = 'Stadt 1'`]);
    expect(filtered.skip).toBeUndefined();
    // A nested subquery may read other tables.
    const nested = planList(source, listQuerySchema.parse({}), [
      sql`exists (select 1 from ${probeCities} c where c.id = ${probe.cityId} and c.name is not null)`,
    ]);
    expect(nested.skip).toBeDefined();
    const { result, expected } = await page({ orderBy: 'city', offset: 300, limit: 100 });
    expect(result.rows.map((r) => r.id)).toEqual(expected);
  });

  it('answers an offset past the end with no rows and the count, without a page query', async () => {
    const { result, plans } = await page({ offset: 1600 });
    expect(result).toEqual({ rows: [], filteredCount: ROWS });
    expect(plans).toHaveLength(0);
  });
});

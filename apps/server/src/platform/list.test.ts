import { listQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { integer, PgDialect, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { escapeLike, planList, runList, searchWords } from './list.ts';

const people = pgTable('people', { id: integer('id'), name: text('name'), city: text('city') });
const source = {
  orderBy: { name: people.name, city: people.city },
  defaultOrderBy: 'name' as const,
  tieBreaker: people.id,
  searchText: people.name.getSQL(),
};
const dialect = new PgDialect();

describe('list protocol helper', () => {
  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });

  it('splits search into at most 8 words', () => {
    expect(searchWords('  Hans   Müller ')).toEqual(['Hans', 'Müller']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('orders by declared columns with the tie-breaker and binds search as parameters', () => {
    const plan = planList(
      source,
      listQuerySchema.parse({ search: "o'Neil %", orderBy: 'city', orderDirection: 'desc' }),
    );
    const where = dialect.sqlToQuery(plan.where!);
    expect(where.sql).toContain('ILIKE $1');
    expect(where.params).toEqual(["%o'Neil%", '%\\%%']);
    const order = plan.orderBy.map((o) => dialect.sqlToQuery(o).sql);
    // A search word of three letters or more: the matches are sorted, no sort index is walked (decision 035).
    expect(order).toEqual(['(array["people"."city"])[1] desc', '(array["people"."id"])[1] desc']);
    const unsearched = planList(source, listQuerySchema.parse({ orderBy: 'city', orderDirection: 'desc' }));
    expect(unsearched.orderBy.map((o) => dialect.sqlToQuery(o).sql)).toEqual([
      '"people"."city" desc',
      '"people"."id" desc',
    ]);
    const short = planList(source, listQuerySchema.parse({ search: 'Mü a', orderBy: 'city' }));
    expect(short.orderBy.map((o) => dialect.sqlToQuery(o).sql)).toEqual([
      '"people"."city" asc',
      '"people"."id" asc',
    ]);
    expect(short.reverseOrderBy.map((o) => dialect.sqlToQuery(o).sql)).toEqual([
      '"people"."city" desc',
      '"people"."id" desc',
    ]);
  });

  it('refuses an undeclared orderBy', () => {
    expect(() => planList(source, listQuerySchema.parse({ orderBy: 'name; drop table people' }))).toThrow(
      AppError,
    );
    expect(() => planList(source, listQuerySchema.parse({ orderBy: 'constructor' }))).toThrow(AppError);
  });

  it('applies defaults: offset 0, limit 100, ascending', () => {
    const q = listQuerySchema.parse({});
    expect(q).toMatchObject({ offset: 0, limit: 100, orderDirection: 'asc', search: '' });
    expect(listQuerySchema.safeParse({ limit: 101 }).success).toBe(false);
    expect(listQuerySchema.safeParse({ offset: -1 }).success).toBe(false);
    expect(listQuerySchema.safeParse({ orderDirection: 'sideways' }).success).toBe(false);
  });

  it('skips the count query when the first page is short', async () => {
    let counted = false;
    const plan = planList(source, listQuerySchema.parse({}));
    const result = await runList(plan, {
      rows: async () => [{ id: 1 }],
      count: async () => {
        counted = true;
        return 99;
      },
    });
    expect(result).toEqual({ rows: [{ id: 1 }], filteredCount: 1 });
    expect(counted).toBe(false);
  });

  it('counts when the page is full or not the first', async () => {
    const plan = planList(source, listQuerySchema.parse({ offset: 100, limit: 1 }));
    const result = await runList(plan, { rows: async () => [], count: async () => 42 });
    expect(result.filteredCount).toBe(42);
  });
});

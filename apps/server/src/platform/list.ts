import { generalMessages } from '@schutzwerk/shared/errors.ts';
import type { ListQuery, ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { type AnyColumn, and, asc, desc, type SQL, sql } from 'drizzle-orm';
import { AppError } from './errors.ts';

/**
 * A list source (spec shell §2.5, §7): which keys may be sorted by (mapped to columns or SQL expressions,
 * so `orderBy` can never inject anything), the default order, a unique tie-breaker for stable paging, and
 * the text expression that `search` runs over (ideally the expression of a trigram index).
 */
type OrderExpression = AnyColumn | SQL;

export type ListSource<OrderKey extends string = string> = {
  /** A sort key maps to one expression or to several (e.g. last name, then first name). */
  readonly orderBy: Readonly<Record<OrderKey, OrderExpression | readonly OrderExpression[]>>;
  readonly defaultOrderBy: OrderKey;
  readonly tieBreaker: AnyColumn;
  readonly searchText?: SQL;
};

export type ListPlan = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number };

const MAX_SEARCH_WORDS = 8;

/** Escapes LIKE wildcards so the user's text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Search text split into words (at spaces, commas, semicolons: "Albrecht, Ali" works); each must occur. */
export function searchWords(search: string): string[] {
  return search
    .split(/[\s,;]+/)
    .map((w) => w.trim())
    .filter((w) => w.length > 0)
    .slice(0, MAX_SEARCH_WORDS);
}

export function planList<K extends string>(
  source: ListSource<K>,
  query: ListQuery,
  filters: (SQL | undefined)[] = [],
): ListPlan {
  const key = (query.orderBy ?? source.defaultOrderBy) as K;
  if (!Object.hasOwn(source.orderBy, key)) {
    throw new AppError('INPUT_VALIDATION_ERROR', {
      message: generalMessages.cannotSortBy(key),
      details: [{ path: ['orderBy'], message: generalMessages.fieldAllowed(Object.keys(source.orderBy)) }],
    });
  }
  const direction = query.orderDirection === 'desc' ? desc : asc;
  const conditions = [...filters];
  if (source.searchText && query.search) {
    for (const word of searchWords(query.search)) {
      conditions.push(sql`(${source.searchText}) ILIKE ${`%${escapeLike(word)}%`}`);
    }
  }
  return {
    where: and(...conditions.filter((c): c is SQL => c !== undefined)),
    orderBy: [...[source.orderBy[key]].flat().map((e) => direction(e)), direction(source.tieBreaker)],
    limit: query.limit,
    offset: query.offset,
  };
}

/** Runs the page query and the count query of a planned list. */
export async function runList<Row>(
  plan: ListPlan,
  queries: { rows: (plan: ListPlan) => Promise<Row[]>; count: (where: SQL | undefined) => Promise<number> },
): Promise<ListResult<Row>> {
  const rows = await queries.rows(plan);
  // A short first page already tells the total; otherwise count.
  const filteredCount =
    plan.offset === 0 && rows.length < plan.limit ? rows.length : await queries.count(plan.where);
  return { rows, filteredCount };
}

export const countAll = sql<number>`cast(count(*) as integer)`;

import { generalMessages } from '@schutzwerk/shared/errors.ts';
import type { ListQuery, ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { type AnyColumn, and, asc, Column, desc, is, Param, SQL, StringChunk, sql, Table } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
  /**
   * Declares that the list's rows are exactly the rows of this table that pass the filters: the repository's
   * joins only add columns (many-to-one left joins, as its count over this table alone already assumes) and
   * never add, drop or filter rows. Then a deep page is skipped to in a subquery over this table alone, which
   * a covering index answers without reading the rows or joins it skips (decision 035). Used only while the
   * sort keys and filters name no other table's column outside a nested subquery; leave it out otherwise.
   */
  readonly rowsOf?: PgTable;
};

export type ListPlan = {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** The same order the other way round (every key flipped, nulls too): the back half is read from its end. */
  reverseOrderBy: SQL[];
  /** How to skip to a deep page in a subquery over the list's own table (`ListSource.rowsOf`), if allowed. */
  skip?: { table: PgTable; key: AnyColumn; where: SQL | undefined } | undefined;
};

/** Search words this long can narrow the rows through a trigram index. */
const TRIGRAM = 3;

/** From this offset on (of the direction read) the page's keys are looked up in a subquery first. */
const SKIP_FROM_OFFSET = 200;

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
  const words = source.searchText && query.search ? searchWords(query.search) : [];
  for (const word of words) {
    conditions.push(sql`(${source.searchText}) ILIKE ${`%${escapeLike(word)}%`}`);
  }
  const where = and(...conditions.filter((c): c is SQL => c !== undefined));
  const declared = [...[source.orderBy[key]].flat(), source.tieBreaker];
  // A search with a word a trigram index can use: sort the matches instead of walking a sort index until
  // enough match — the planner takes matches as spread evenly, but a name search finds them clustered (all
  // "Meier" in the middle of the name order), and the walk then reads half the table. `(array[x])[1]` is x
  // with the same type, collation and NULLs, only no index offers its order (decision 035).
  const keys = words.some((w) => w.length >= TRIGRAM) ? declared.map((e) => sql`(array[${e}])[1]`) : declared;
  const reverse = direction === asc ? desc : asc;
  const rowsOf = source.rowsOf;
  const skippable =
    rowsOf !== undefined &&
    source.tieBreaker.table === rowsOf &&
    [where, ...declared].every((e) => e === undefined || onlyOwnTable(e, rowsOf));
  return {
    where,
    orderBy: keys.map((e) => direction(e)),
    reverseOrderBy: keys.map((e) => reverse(e)),
    limit: query.limit,
    offset: query.offset,
    skip: skippable ? { table: rowsOf, key: source.tieBreaker, where } : undefined,
  };
}

/**
 * True when an expression reads no other table's column, except inside a fragment that names a table itself
 * (a nested subquery: `exists (select 1 from employee_portals ep where …)`), so it means the same in a
 * subquery over the list's own table alone as in the list's query with its joins.
 */
function onlyOwnTable(expression: unknown, own: PgTable): boolean {
  if (is(expression, Column)) return expression.table === own;
  if (is(expression, SQL)) {
    const chunks = expression.queryChunks;
    if (chunks.some((chunk) => is(chunk, Table) && chunk !== own)) return true;
    return chunks.every((chunk) => onlyOwnTable(chunk, own));
  }
  if (is(expression, Table) || is(expression, Param) || is(expression, StringChunk)) return true;
  if (Array.isArray(expression)) return expression.every((e) => onlyOwnTable(e, own));
  if (expression !== null && typeof expression === 'object' && 'getSQL' in expression) {
    return onlyOwnTable((expression as { getSQL(): SQL }).getSQL(), own);
  }
  return true;
}

/**
 * Runs the page query and the count query of a planned list (decision 035). The first page is read as asked
 * (a short one tells the total itself); a later page needs the count first anyway: a page in the back half is
 * read from the end in the reverse order and turned round, so the last page costs what the first does; and a
 * deep page of a source with `rowsOf` is found by its keys in a subquery over the list's own table (a covering
 * index skips there without reading rows or joins), then read with its joins. The answer is the same as with
 * a plain OFFSET.
 */
export async function runList<Row>(
  plan: ListPlan,
  queries: { rows: (plan: ListPlan) => Promise<Row[]>; count: (where: SQL | undefined) => Promise<number> },
): Promise<ListResult<Row>> {
  if (plan.offset === 0) {
    const rows = await queries.rows(withSkip(plan));
    const filteredCount = rows.length < plan.limit ? rows.length : await queries.count(plan.where);
    return { rows, filteredCount };
  }
  const filteredCount = await queries.count(plan.where);
  if (plan.offset >= filteredCount) return { rows: [], filteredCount };
  const fromEnd = filteredCount - plan.offset - plan.limit;
  if (fromEnd >= plan.offset) return { rows: await queries.rows(withSkip(plan)), filteredCount };
  const reversed: ListPlan = {
    ...plan,
    orderBy: plan.reverseOrderBy,
    reverseOrderBy: plan.orderBy,
    offset: Math.max(0, fromEnd),
    limit: Math.min(plan.limit, filteredCount - plan.offset),
  };
  const rows = await queries.rows(withSkip(reversed));
  return { rows: rows.reverse(), filteredCount };
}

/**
 * A deep page of a `rowsOf` source: its keys come from a subquery over the list's table alone (ordered,
 * limited, offset as asked — an index-only scan where a covering index exists); the page query itself then
 * starts at offset 0 with those keys. Its order and filters stay, so the joins run for the page's rows only.
 */
function withSkip(plan: ListPlan): ListPlan {
  const skip = plan.skip;
  if (!skip || plan.offset < SKIP_FROM_OFFSET) return plan;
  const keys = sql`select ${skip.key} from ${skip.table}${skip.where ? sql` where ${skip.where}` : sql``} order by ${sql.join(plan.orderBy, sql`, `)} limit ${plan.limit} offset ${plan.offset}`;
  return {
    ...plan,
    where: and(plan.where, sql`${skip.key} = any(array(${keys}))`),
    offset: 0,
    skip: undefined,
  };
}

export const countAll = sql<number>`cast(count(*) as integer)`;

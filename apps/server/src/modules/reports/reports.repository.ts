import type { ListQuery } from '@schutzwerk/shared/list/list.schema.ts';
import type { ReportFormat } from '@schutzwerk/shared/reports/reports.schema.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { deleteVersioned } from '#db/versioned.ts';
import { type ChangeEntry, recordChange } from '#platform/audit.ts';
import { type ListSource, planList, runList } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import { reportFilters, reports } from './reports.table.ts';

export type ReportRow = typeof reports.$inferSelect;
export type ReportFilterRow = typeof reportFilters.$inferSelect;
/** The fields of a definition as stored (without id and version). */
export type ReportValues = Pick<
  typeof reports.$inferInsert,
  'name' | 'controller' | 'sql' | 'timeoutSeconds' | 'formats' | 'rights'
>;
/** A filter as stored; its position is its place in the list. */
export type ReportFilterValues = {
  field: string;
  filtername: string;
  filtercontent: string;
};

const reportListSource = {
  orderBy: { reportname: reports.name, controller: [reports.controller, reports.name] },
  defaultOrderBy: 'reportname',
  tieBreaker: reports.id,
  searchText: sql`${reports.name} || ' ' || ${reports.controller}`,
} satisfies ListSource<'reportname' | 'controller'>;

const reportPickerSource = {
  orderBy: { reportname: reports.name },
  defaultOrderBy: 'reportname',
  tieBreaker: reports.id,
  searchText: sql`${reports.name}`,
} satisfies ListSource<'reportname'>;

const withFormats = <T extends { formats: string[] }>(rows: T[]) =>
  rows.map((r) => ({ ...r, formats: r.formats as ReportFormat[] }));

/**
 * Data access of report definitions (decision 015): the reports and their filters, no rules. Running a report
 * is the runner's (report-runner.ts), not this file's. Each function takes the executor first (the database,
 * or the caller's transaction).
 */
export const reportsRepository = {
  async findById(ex: Executor, id: number): Promise<ReportRow | undefined> {
    const [row] = await ex.select().from(reports).where(eq(reports.id, id));
    return row;
  },

  /** The filters of a report in their order. */
  filtersOf(ex: Executor, reportId: number): Promise<ReportFilterRow[]> {
    return ex
      .select()
      .from(reportFilters)
      .where(eq(reportFilters.reportId, reportId))
      .orderBy(asc(reportFilters.position), asc(reportFilters.id));
  },

  /** Whether another report (not `exceptId`) has this name, case-insensitively. */
  async nameTaken(ex: Executor, name: string, exceptId?: number): Promise<boolean> {
    const [row] = await ex
      .select({ id: reports.id })
      .from(reports)
      .where(sql`lower(${reports.name}) = lower(${name})`);
    return row !== undefined && row.id !== exceptId;
  },

  /** Inserts a definition with its filters; answers its id. */
  async insert(ex: Executor, values: ReportValues, filters: readonly ReportFilterValues[]): Promise<number> {
    const [row] = await ex.insert(reports).values(values).returning({ id: reports.id });
    if (!row) throw new Error('insert returned nothing');
    await reportsRepository.insertFilters(ex, row.id, filters);
    return row.id;
  },

  async insertFilters(ex: Executor, reportId: number, filters: readonly ReportFilterValues[]): Promise<void> {
    if (filters.length === 0) return;
    await ex.insert(reportFilters).values(filters.map((f, position) => ({ reportId, ...f, position })));
  },

  /** Updates the definition and replaces its filters when `version` matches (and bumps it); false otherwise. */
  async updateVersioned(
    ex: Executor,
    id: number,
    version: number,
    values: ReportValues,
    filters: readonly ReportFilterValues[],
  ): Promise<boolean> {
    const [row] = await ex
      .update(reports)
      .set({ ...values, version: sql`${reports.version} + 1`, updatedAt: new Date() })
      .where(and(eq(reports.id, id), eq(reports.version, version)))
      .returning({ id: reports.id });
    if (!row) return false;
    await ex.delete(reportFilters).where(eq(reportFilters.reportId, id));
    await reportsRepository.insertFilters(ex, id, filters);
    return true;
  },

  /** Deletes the definition (its filters with it) when `version` matches; false otherwise. */
  async deleteVersioned(ex: Executor, id: number, version: number): Promise<boolean> {
    return deleteVersioned(ex, reports, id, version);
  },

  /** The report manager's list (list protocol). */
  list(ex: Executor, query: ListQuery) {
    const plan = planList(reportListSource, query);
    return runList(plan, {
      rows: (p) =>
        ex
          .select({
            id: reports.id,
            reportname: reports.name,
            controller: reports.controller,
            formats: reports.formats,
            version: reports.version,
          })
          .from(reports)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset)
          .then(withFormats),
      count: (where) => countRows(ex, reports, where),
    });
  },

  /**
   * The print dialog's picker (list protocol): the reports of a controller (any when not given, compared
   * case-insensitively) that any of `runnableWith` lets run (every report when `runnableWith` is 'any').
   */
  picker(
    ex: Executor,
    query: ListQuery,
    options: { controller?: string | undefined; runnableWith: readonly number[] | 'any' },
  ) {
    const { controller, runnableWith } = options;
    const plan = planList(reportPickerSource, query, [
      controller ? sql`lower(${reports.controller}) = lower(${controller})` : undefined,
      runnableWith === 'any'
        ? undefined
        : sql`${reports.rights} && ${`{${runnableWith.join(',')}}`}::integer[]`,
    ]);
    return runList(plan, {
      rows: (p) =>
        ex
          .select({ id: reports.id, reportname: reports.name, formats: reports.formats })
          .from(reports)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset)
          .then(withFormats),
      count: (where) => countRows(ex, reports, where),
    });
  },

  // ── base reports (start-up) ─────────────────────────────────────────────────────────────────────

  /** The stored reports of these names with their SQL. */
  namedReports(ex: Executor, names: readonly string[]): Promise<{ id: number; name: string; sql: string }[]> {
    return ex
      .select({ id: reports.id, name: reports.name, sql: reports.sql })
      .from(reports)
      .where(inArray(reports.name, [...names]));
  },

  /** Replaces a report's SQL (a new version of a base report). */
  async replaceSql(ex: Executor, id: number, text: string): Promise<void> {
    await ex
      .update(reports)
      .set({ sql: text, version: sql`${reports.version} + 1`, updatedAt: new Date() })
      .where(eq(reports.id, id));
  },

  async logChange(ex: Executor, entry: ChangeEntry): Promise<void> {
    await recordChange(ex, entry);
  },
};

export type ReportsRepository = typeof reportsRepository;

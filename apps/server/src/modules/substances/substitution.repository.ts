import {
  type SubstitutionListQuery,
  type SubstitutionTestRow,
  substitutionListQuerySchema,
} from '@schutzwerk/shared/substances/substitution.schema.ts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { deleteVersioned, updateVersioned } from '#db/versioned.ts';
import { employees } from '#modules/employees/tables.ts';
import { type ListSource, planList, runList } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import type { PortalScope } from './substances.repository.ts';
import { substances, substanceVersions } from './substances.table.ts';
import { substitutionTestSubstances, substitutionTests } from './substitution.table.ts';

const t = substitutionTests;
const ts = substitutionTestSubstances;
const inScope = (scope: PortalScope) => (scope === 'all' ? undefined : eq(t.portalId, scope));

/** The names of a test's substances (current versions), as one text for the list and its search. */
const substanceNames = sql<string>`coalesce((select string_agg(v.designation, ', ' order by x.position)
  from ${ts} x join ${substances} s on s.id = x.substance_id join ${substanceVersions} v on v.id = s.current_version_id
  where x.test_id = substitution_tests.id), '')`;
const responsibleName = sql<string | null>`(select e.last_name || ', ' || e.first_name from ${employees} e
  where e.id = substitution_tests.responsible_employee_id)`;
const nextDue = sql<
  string | null
>`case when ${t.finished} then to_char(${t.testDate} + ${t.intervalDays}, 'YYYY-MM-DD') end`;

const source: ListSource = {
  orderBy: { testDate: t.testDate, id: t.id, riskLevel: t.riskLevel },
  defaultOrderBy: 'id',
  tieBreaker: t.id,
  searchText: substanceNames,
};

export type SubstitutionRecord = typeof substitutionTests.$inferSelect;

export const substitutionRepository = {
  async findById(ex: Executor, id: number, scope: PortalScope, lock?: 'update') {
    const q = ex
      .select()
      .from(t)
      .where(and(eq(t.id, id), inScope(scope)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async substancesOf(ex: Executor, id: number) {
    return ex
      .select({
        id: substances.id,
        designation: substanceVersions.designation,
        casNumber: substanceVersions.casNumber,
      })
      .from(ts)
      .innerJoin(substances, eq(substances.id, ts.substanceId))
      .innerJoin(substanceVersions, eq(substanceVersions.id, substances.currentVersionId))
      .where(eq(ts.testId, id))
      .orderBy(asc(ts.position));
  },

  async employeeName(ex: Executor, id: number | null): Promise<string | null> {
    if (id === null) return null;
    const [row] = await ex
      .select({ last: employees.lastName, first: employees.firstName })
      .from(employees)
      .where(eq(employees.id, id));
    return row ? `${row.last}, ${row.first}` : null;
  },

  async employeeExists(ex: Executor, id: number): Promise<boolean> {
    const [row] = await ex.select({ id: employees.id }).from(employees).where(eq(employees.id, id));
    return row !== undefined;
  },

  /** The ids among these that are substances of the scope. */
  async knownSubstances(ex: Executor, ids: number[], scope: PortalScope): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await ex
      .select({ id: substances.id })
      .from(substances)
      .where(and(inArray(substances.id, ids), scope === 'all' ? undefined : eq(substances.portalId, scope)));
    return new Set(rows.map((r) => r.id));
  },

  async insert(ex: Executor, values: typeof substitutionTests.$inferInsert): Promise<number> {
    const [row] = await ex.insert(t).values(values).returning({ id: t.id });
    return row!.id;
  },

  /** Changes the test if its version is still `version`; answers false on a stale version. */
  async updateVersioned(
    ex: Executor,
    id: number,
    version: number,
    patch: Partial<typeof substitutionTests.$inferInsert>,
  ): Promise<boolean> {
    return updateVersioned(ex, t, id, version, patch);
  },

  async deleteVersioned(ex: Executor, id: number, version: number): Promise<boolean> {
    return deleteVersioned(ex, t, id, version);
  },

  async setSubstances(ex: Executor, id: number, substanceIds: number[]) {
    await ex.delete(ts).where(eq(ts.testId, id));
    if (substanceIds.length > 0)
      await ex
        .insert(ts)
        .values(substanceIds.map((substanceId, position) => ({ testId: id, substanceId, position })));
  },

  async list(ex: Executor, scope: PortalScope, input: SubstitutionListQuery) {
    const query = substitutionListQuerySchema.parse(input);
    const filters: (SQL | undefined)[] = [inScope(scope)];
    if (query.substanceId !== undefined)
      filters.push(
        sql`exists (select 1 from ${ts} x where x.test_id = ${t.id} and x.substance_id = ${query.substanceId})`,
      );
    if (query.onlyOpen) filters.push(eq(t.finished, false));
    const plan = planList(source, query, filters);
    return runList<SubstitutionTestRow>(plan, {
      rows: async (p) =>
        (await ex
          .select({
            id: t.id,
            substanceNames,
            testDate: t.testDate,
            riskLevel: t.riskLevel,
            recommendation: t.recommendation,
            finished: t.finished,
            nextDueDate: nextDue,
            responsibleName,
          })
          .from(t)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset)) as SubstitutionTestRow[],
      count: (where) => countRows(ex, t, where),
    });
  },
};

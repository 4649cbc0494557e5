import { and, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import { changeLog, sessions } from '#platform/platform.table.ts';
import { employeeImports } from './employee-import.table.ts';

export type ImportJobRow = typeof employeeImports.$inferSelect;
export type EmployeeRow = typeof employees.$inferSelect;
export type EmployeeInsert = typeof employees.$inferInsert;
export type ChangeLogInsert = typeof changeLog.$inferInsert;

const employeeColumns = getTableColumns(employees);

/** Data access of the employee import: no rules here (those live in the service). */
export const employeeImportRepository = {
  async insertJob(ex: Executor, values: typeof employeeImports.$inferInsert): Promise<ImportJobRow> {
    const [row] = await ex.insert(employeeImports).values(values).returning();
    return row!;
  },

  async findJob(ex: Executor, id: number): Promise<ImportJobRow | undefined> {
    const [row] = await ex.select().from(employeeImports).where(eq(employeeImports.id, id));
    return row;
  },

  /** The job without its file (status polls must not read megabytes). */
  async findJobStatus(ex: Executor, id: number): Promise<Omit<ImportJobRow, 'content'> | undefined> {
    const { content: _content, ...columns } = getTableColumns(employeeImports);
    const [row] = await ex.select(columns).from(employeeImports).where(eq(employeeImports.id, id));
    return row;
  },

  /** Moves a job from one of `from` to `to`; false when it was in another state (a parallel start). */
  async transition(
    ex: Executor,
    id: number,
    from: ImportJobRow['status'][],
    patch: Partial<typeof employeeImports.$inferInsert> & { status: ImportJobRow['status'] },
  ): Promise<boolean> {
    const rows = await ex
      .update(employeeImports)
      .set({ ...patch, version: sql`${employeeImports.version} + 1`, updatedAt: new Date() })
      .where(and(eq(employeeImports.id, id), inArray(employeeImports.status, from)))
      .returning({ id: employeeImports.id });
    return rows.length > 0;
  },

  /** Uploads nobody imported within a day are removed (the file is personal data). */
  async purgeStale(ex: Executor): Promise<void> {
    await ex
      .delete(employeeImports)
      .where(
        and(
          inArray(employeeImports.status, ['uploaded', 'failed']),
          lt(employeeImports.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)),
        ),
      );
  },

  async findPortal(ex: Executor, id: number, lock = false) {
    const query = ex
      .select({
        id: portals.id,
        name: portals.name,
        isMain: portals.isMain,
        licensedEmployees: portals.licensedEmployees,
      })
      .from(portals)
      .where(eq(portals.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** Portals with their count of active employees (all, or the one given). */
  async listPortals(ex: Executor, onlyId?: number) {
    return queryRows<{
      id: number;
      name: string;
      isMain: boolean;
      licensedEmployees: number | null;
      activeEmployees: number;
    }>(
      ex,
      sql`select p.id, p.name, p.is_main as "isMain", p.licensed_employees as "licensedEmployees",
                 (select count(*)::int from employees e where e.portal_id = p.id and e.active) as "activeEmployees"
            from portals p
           where ${onlyId === undefined ? sql`true` : sql`p.id = ${onlyId}`}
           order by p.is_main desc, p.name`,
    );
  },

  /** Imports into different portals count against one installation licence: one at a time (until commit). */
  async lockInstallationLicence(ex: Executor): Promise<void> {
    await ex.execute(sql`select pg_advisory_xact_lock(910910)`);
  },

  async countActive(ex: Executor, portalId: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from employees where portal_id = ${portalId} and active`,
    );
    return row?.n ?? 0;
  },

  /** Every employee of the portal (the import compares the file with them). */
  async employeesOfPortal(ex: Executor, portalId: number): Promise<EmployeeRow[]> {
    return ex.select().from(employees).where(eq(employees.portalId, portalId));
  },

  /** Employees (any portal) holding one of the login names, compared case-insensitively. */
  async employeesByLoginNames(
    ex: Executor,
    loginNames: string[],
  ): Promise<{ id: number; loginName: string }[]> {
    if (loginNames.length === 0) return [];
    return queryRows<{ id: number; loginName: string }>(
      ex,
      sql`select id, login_name as "loginName" from employees
           where lower(login_name) = any(${sql.param(loginNames)}::text[])`,
    );
  },

  async insertEmployees(
    ex: Executor,
    rows: EmployeeInsert[],
  ): Promise<{ id: number; personnelNumber: string }[]> {
    if (rows.length === 0) return [];
    return ex
      .insert(employees)
      .values(rows)
      .returning({ id: employees.id, personnelNumber: employees.personnelNumber });
  },

  /**
   * One statement per batch: the new values travel as one JSON parameter and are joined by id.
   * `fields` are the employee properties every row carries; `passwordHash` and `active` only change
   * where the row gives them (null keeps the stored value).
   */
  async updateEmployees(
    ex: Executor,
    fields: readonly (keyof EmployeeRow)[],
    rows: (Partial<EmployeeRow> & { id: number })[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const cols = fields.map((f) => ({ key: f, column: employeeColumns[f] }));
    const payload = rows.map((r) => {
      const out: Record<string, unknown> = { id: r.id };
      for (const { key, column } of cols) out[column.name] = r[key] ?? null;
      out.password_hash = r.passwordHash ?? null;
      out.active = r.active ?? null;
      return out;
    });
    const definitions = sql.join(
      [
        sql.raw('id integer'),
        ...cols.map(({ column }) => sql.raw(`"${column.name}" ${column.getSQLType()}`)),
        sql.raw('password_hash text'),
        sql.raw('active boolean'),
      ],
      sql`, `,
    );
    const assignments = sql.join(
      [
        ...cols.map(({ column }) => sql.raw(`"${column.name}" = v."${column.name}"`)),
        sql.raw('password_hash = coalesce(v.password_hash, e.password_hash)'),
        // A first password from the file is an initial password: changed at the first login.
        sql.raw('must_change_password = (v.password_hash is not null) or e.must_change_password'),
        sql.raw('active = coalesce(v.active, e.active)'),
        sql.raw('version = e.version + 1'),
        sql.raw('updated_at = now()'),
      ],
      sql`, `,
    );
    await ex.execute(
      sql`update employees e set ${assignments}
            from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as v(${definitions})
           where e.id = v.id`,
    );
  },

  async inactivate(ex: Executor, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await ex
      .update(employees)
      .set({ active: false, version: sql`${employees.version} + 1`, updatedAt: new Date() })
      .where(sql`${employees.id} = any(${sql.param(ids)}::int[])`);
  },

  /** Inactivated employees are signed out everywhere (as in the employee record). */
  async endSessionsOf(ex: Executor, employeeIds: number[]): Promise<void> {
    if (employeeIds.length === 0) return;
    await ex.delete(sessions).where(sql`${sessions.employeeId} = any(${sql.param(employeeIds)}::int[])`);
  },

  async insertChangeLog(ex: Executor, rows: ChangeLogInsert[]): Promise<void> {
    if (rows.length === 0) return;
    await ex.insert(changeLog).values(rows);
  },
};

export type EmployeeImportRepository = typeof employeeImportRepository;

import type {
  EmployeeListQuery,
  EmployeeListRow,
  EmployeePickerRow,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { and, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { deleteVersioned, updateVersioned } from '#db/versioned.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import { escapeLike, type ListPlan, type ListSource, runList, searchWords } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import { employeePortals } from './employee-assignments.table.ts';
import { employeeSearchText, employees } from './employees.table.ts';

export const employeeListSource = {
  orderBy: {
    personnelNumber: employees.personnelNumber,
    lastName: [employees.lastNameSort, employees.firstNameSort],
    firstName: [employees.firstNameSort, employees.lastNameSort],
    departmentName: [departments.name, employees.lastNameSort, employees.firstNameSort],
    locationName: [locations.name, employees.lastNameSort, employees.firstNameSort],
  },
  defaultOrderBy: 'lastName',
  tieBreaker: employees.id,
  searchText: employeeSearchText(employees),
  // The department and location are many-to-one left joins: deep pages skip on the index (decision 035).
  rowsOf: employees,
} satisfies ListSource<'personnelNumber' | 'lastName' | 'firstName' | 'departmentName' | 'locationName'>;

/**
 * Names and personnel number only: the picker's search for callers who may not read login names and
 * e-mail addresses (decision 027).
 */
export const employeeNameSearchText = sql`${employees.lastName} || ' ' || ${employees.firstName} || ' ' || ${employees.personnelNumber}`;

/** Fixed table names (never user input) of the two unit trees and their responsibility tables. */
const UNIT_TABLES = {
  department: {
    units: 'departments',
    responsibilities: 'employee_department_responsibilities',
    column: 'department_id',
  },
  location: {
    units: 'locations',
    responsibilities: 'location_responsibilities',
    column: 'location_id',
  },
} as const;

/** Data access for employees: no rules here (those live in the services). */
export const employeesRepository = {
  async list(ex: Executor, plan: ListPlan): Promise<ListResult<EmployeeListRow>> {
    return runList(plan, {
      rows: (p) =>
        ex
          .select({
            id: employees.id,
            personnelNumber: employees.personnelNumber,
            lastName: employees.lastName,
            firstName: employees.firstName,
            loginName: employees.loginName,
            email: employees.email,
            active: employees.active,
            isTempWorker: employees.isTempWorker,
            isExternal: employees.isExternal,
            departmentName: departments.name,
            locationName: locations.name,
          })
          .from(employees)
          .leftJoin(departments, eq(departments.id, employees.departmentId))
          .leftJoin(locations, eq(locations.id, employees.locationId))
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      // The filters and the search only touch employee columns, so the count needs no joins.
      count: (where) => countRows(ex, employees, where),
    });
  },

  async picker(ex: Executor, plan: ListPlan): Promise<ListResult<EmployeePickerRow>> {
    return runList(plan, {
      rows: (p) =>
        ex
          .select({
            id: employees.id,
            personnelNumber: employees.personnelNumber,
            lastName: employees.lastName,
            firstName: employees.firstName,
            departmentName: departments.name,
          })
          .from(employees)
          .leftJoin(departments, eq(departments.id, employees.departmentId))
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      // The filters and the search only touch employee columns, so the count needs no joins.
      count: (where) => countRows(ex, employees, where),
    });
  },

  /** The full record with the names of its department, location and portal. */
  async findRecordById(ex: Executor, id: number, lock = false) {
    if (lock) await ex.select({ id: employees.id }).from(employees).where(eq(employees.id, id)).for('update');
    const [row] = await ex
      .select({
        employee: employees,
        departmentName: departments.name,
        locationName: locations.name,
        portalName: portals.name,
      })
      .from(employees)
      .innerJoin(portals, eq(portals.id, employees.portalId))
      .leftJoin(departments, eq(departments.id, employees.departmentId))
      .leftJoin(locations, eq(locations.id, employees.locationId))
      .where(eq(employees.id, id));
    return row;
  },

  async isAssignedToPortal(ex: Executor, employeeId: number, portalId: number): Promise<boolean> {
    const rows = await ex
      .select({ id: employeePortals.employeeId })
      .from(employeePortals)
      .where(and(eq(employeePortals.employeeId, employeeId), eq(employeePortals.portalId, portalId)));
    return rows.length > 0;
  },

  async insert(ex: Executor, values: typeof employees.$inferInsert) {
    const [row] = await ex.insert(employees).values(values).returning({ id: employees.id });
    return row!.id;
  },

  /** Updates only when `version` matches; returns false when nothing was updated. */
  async updateVersioned(
    ex: Executor,
    id: number,
    version: number,
    patch: Partial<typeof employees.$inferInsert>,
  ): Promise<boolean> {
    return updateVersioned(ex, employees, id, version, patch);
  },

  deleteVersioned(ex: Executor, id: number, version: number): Promise<boolean> {
    return deleteVersioned(ex, employees, id, version);
  },

  async departmentInPortal(ex: Executor, departmentId: number, portalId: number): Promise<boolean> {
    const rows = await ex
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.id, departmentId), eq(departments.portalId, portalId)));
    return rows.length > 0;
  },

  async locationInPortal(ex: Executor, locationId: number, portalId: number): Promise<boolean> {
    const rows = await ex
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.id, locationId), eq(locations.portalId, portalId)));
    return rows.length > 0;
  },

  async findById(ex: Executor, id: number) {
    const [row] = await ex.select().from(employees).where(eq(employees.id, id));
    return row;
  },

  async findByLoginName(ex: Executor, loginName: string) {
    const [row] = await ex
      .select()
      .from(employees)
      .where(sql`lower(${employees.loginName}) = ${loginName.trim().toLowerCase()}`);
    return row;
  },

  async updatePasswordHash(ex: Executor, id: number, passwordHash: string) {
    await ex
      .update(employees)
      .set({ passwordHash, version: sql`${employees.version} + 1`, updatedAt: new Date() })
      .where(eq(employees.id, id));
  },

  /** Ids among `ids` that exist in the portal. */
  async existingIds(ex: Executor, portalId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.portalId, portalId), sql`${employees.id} = any(${sql.param(ids)}::int[])`));
    return rows.map((r) => r.id);
  },

  /**
   * The departments or locations an employee is responsible for, sub-units included: a responsibility
   * for 'Produktion' covers 'Produktion › Abfüllung'. One recursive query per check.
   */
  async ownedUnitIds(
    ex: Executor,
    kind: 'department' | 'location',
    employeeId: number,
  ): Promise<Set<number>> {
    const { units, responsibilities, column } = UNIT_TABLES[kind];
    const rows = await queryRows<{ id: number }>(
      ex,
      sql`with recursive owned(id) as (
            select ${sql.raw(column)} from ${sql.raw(responsibilities)} where employee_id = ${employeeId}
            union
            select u.id from ${sql.raw(units)} u join owned o on u.parent_id = o.id
          ) select id from owned`,
    );
    return new Set(rows.map((row) => Number(row.id)));
  },

  /** The employee's assignments version and home portal; undefined for an unknown id. */
  /** First and last name of one employee (the e-mail change notice names who changed it). */
  async nameOf(ex: Executor, id: number): Promise<{ firstName: string; lastName: string } | undefined> {
    const [row] = await ex
      .select({ firstName: employees.firstName, lastName: employees.lastName })
      .from(employees)
      .where(eq(employees.id, id));
    return row;
  },

  /**
   * The employees among `employeeIds` who hold (through any of their roles) a permission outside
   * `permissions`, ordered by name (decision 023; the rule is in sign-in-guard.ts).
   */
  async holdingPermissionsBeyond(
    ex: Executor,
    employeeIds: readonly number[],
    permissions: Iterable<number>,
  ): Promise<{ id: number; lastName: string; firstName: string }[]> {
    const rows = await queryRows<{ id: number; last_name: string; first_name: string }>(
      ex,
      sql`select e.id, e.last_name, e.first_name
            from employees e
           where e.id = any(${sql.param([...new Set(employeeIds)])}::int[])
             and exists (select 1
                           from employee_roles er join role_permissions rp on rp.role_id = er.role_id
                          where er.employee_id = e.id
                            and rp.permission_id <> all(${sql.param([...permissions])}::int[]))
           order by e.last_name, e.first_name, e.id`,
    );
    return rows.map((r) => ({ id: Number(r.id), lastName: r.last_name, firstName: r.first_name }));
  },
};

export type EmployeesRepository = typeof employeesRepository;

/**
 * The list filters as SQL (the employee list and the picker). Which of them apply, and whether the caller may
 * filter by a field group at all, is the service's decision (decision 027).
 */
export const employeeFilters = {
  active(active: boolean): SQL {
    return eq(employees.active, active);
  },

  type(type: EmployeeListQuery['type']): SQL | undefined {
    if (type === 'external') return eq(employees.isExternal, true);
    if (type === 'tempWorker') return eq(employees.isTempWorker, true);
    if (type === 'employee') return and(eq(employees.isExternal, false), eq(employees.isTempWorker, false));
    return undefined;
  },

  status(status: EmployeeListQuery['status']): SQL | undefined {
    if (status === 'worksBan') return sql`${employees.worksBanUntil} >= current_date`;
    if (status === 'tempWorkEnded')
      return and(eq(employees.isTempWorker, true), lt(employees.tempWorkUntil, sql`current_date`));
    if (status === 'noLogin') return or(isNull(employees.loginName), isNull(employees.passwordHash));
    return undefined;
  },

  /**
   * Each search word must also occur in names or personnel number. The list's own search (over the whole
   * search text, backed by its trigram index) still runs, so the index keeps narrowing the rows.
   */
  namesOnly(search: string | undefined): SQL[] {
    return searchWords(search ?? '').map(
      (word) => sql`(${employeeNameSearchText}) ILIKE ${`%${escapeLike(word)}%`}`,
    );
  },
};

/** Employees a customer portal sees: its own staff and the staff of other portals assigned to it. */
export function visibleInPortal(portalId: number): SQL {
  return sql`(${employees.portalId} = ${portalId} or exists (select 1 from ${employeePortals} ep where ep.employee_id = ${employees.id} and ep.portal_id = ${portalId}))`;
}

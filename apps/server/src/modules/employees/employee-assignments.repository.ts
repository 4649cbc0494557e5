import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import {
  employeeDepartmentResponsibilities,
  employeePortals,
  employeeSupervisors,
} from './employee-assignments.table.ts';
import { employees } from './employees.table.ts';
import { locationResponsibilities as employeeLocationResponsibilities } from './location-people.table.ts';

export type AssignmentUnitKind = 'department' | 'location';
/** The four sets saved on the assignments page, each a sorted list of ids. */
export type AssignmentSets = {
  portalIds: number[];
  departmentIds: number[];
  locationIds: number[];
  ledEmployeeIds: number[];
};
export type AssignmentSetKind = 'portals' | 'departments' | 'locations' | 'led';

const sortedIds = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

/**
 * Data access of an employee's assignments that are saved apart from the record (portal assignment,
 * responsible departments and locations, led employees) and of 'Zuordnungen kopieren': no rules here (those
 * live in employee-assignments.service.ts). Roles and activities come through the ports (decision 030).
 * Every function takes the executor first (decision 031).
 */
export const employeeAssignmentsRepository = {
  /** The employee's assignments version and home portal; undefined for an unknown id. */
  async header(
    ex: Executor,
    employeeId: number,
  ): Promise<{ version: number; portalId: number; portalName: string } | undefined> {
    const [row] = await ex
      .select({ version: employees.assignmentsVersion, portalId: portals.id, portalName: portals.name })
      .from(employees)
      .innerJoin(portals, eq(portals.id, employees.portalId))
      .where(eq(employees.id, employeeId));
    return row;
  },

  /** The four assignment sets as stored, each sorted by id. */
  async currentSets(ex: Executor, employeeId: number): Promise<AssignmentSets> {
    const [portalIds, departmentIds, locationIds, ledIds] = await Promise.all([
      ex
        .select({ id: employeePortals.portalId })
        .from(employeePortals)
        .where(eq(employeePortals.employeeId, employeeId)),
      ex
        .select({ id: employeeDepartmentResponsibilities.departmentId })
        .from(employeeDepartmentResponsibilities)
        .where(eq(employeeDepartmentResponsibilities.employeeId, employeeId)),
      ex
        .select({ id: employeeLocationResponsibilities.locationId })
        .from(employeeLocationResponsibilities)
        .where(eq(employeeLocationResponsibilities.employeeId, employeeId)),
      ex
        .select({ id: employeeSupervisors.employeeId })
        .from(employeeSupervisors)
        .where(eq(employeeSupervisors.supervisorId, employeeId)),
    ]);
    return {
      portalIds: sortedIds(portalIds),
      departmentIds: sortedIds(departmentIds),
      locationIds: sortedIds(locationIds),
      ledEmployeeIds: sortedIds(ledIds),
    };
  },

  /** Id and name of the portals, ordered by name. */
  async portalsByIds(ex: Executor, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
    if (ids.length === 0) return [];
    return ex
      .select({ id: portals.id, name: portals.name })
      .from(portals)
      .where(inArray(portals.id, [...ids]))
      .orderBy(portals.name);
  },

  /** Name and path ('Werk › Halle A') of each unit, ordered by path. */
  async unitPaths(
    ex: Executor,
    kind: AssignmentUnitKind,
    ids: readonly number[],
  ): Promise<{ id: number; name: string; path: string }[]> {
    if (ids.length === 0) return [];
    const table = kind === 'department' ? 'departments' : 'locations';
    const rows = await queryRows<{ id: number; name: string; path: string }>(
      ex,
      sql`with recursive up(start_id, id, parent_id, name, depth) as (
            select t.id, t.id, t.parent_id, t.name, 0 from ${sql.raw(table)} t
              where t.id = any(${sql.param([...ids])}::int[])
            union all
            select up.start_id, p.id, p.parent_id, p.name, up.depth + 1 from ${sql.raw(table)} p
              join up on p.id = up.parent_id
          )
          select start_id as id,
                 max(case when depth = 0 then name end) as name,
                 string_agg(name, ' › ' order by depth desc) as path
            from up group by start_id order by path`,
    );
    return rows.map((r) => ({ id: Number(r.id), name: r.name, path: r.path }));
  },

  /** The employee's supervisors, or the employees they lead ('led'), ordered by name. */
  async supervisorLinks(ex: Executor, direction: 'supervisor' | 'led', employeeId: number) {
    const join =
      direction === 'led'
        ? eq(employees.id, employeeSupervisors.employeeId)
        : eq(employees.id, employeeSupervisors.supervisorId);
    const where =
      direction === 'led'
        ? eq(employeeSupervisors.supervisorId, employeeId)
        : eq(employeeSupervisors.employeeId, employeeId);
    return ex
      .select({
        id: employees.id,
        personnelNumber: employees.personnelNumber,
        lastName: employees.lastName,
        firstName: employees.firstName,
        active: employees.active,
      })
      .from(employeeSupervisors)
      .innerJoin(employees, join)
      .where(where)
      .orderBy(employees.lastNameSort, employees.firstNameSort, employees.id);
  },

  /** How many of the (distinct) unit ids belong to the portal. */
  async unitsInPortal(
    ex: Executor,
    kind: AssignmentUnitKind,
    ids: readonly number[],
    portalId: number,
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const table = kind === 'department' ? departments : locations;
    const found = await ex
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.id, [...ids]), eq(table.portalId, portalId)));
    return found.length;
  },

  /** How many of the (distinct) employee ids belong to the portal. */
  async employeesInPortal(ex: Executor, ids: readonly number[], portalId: number): Promise<number> {
    if (ids.length === 0) return 0;
    const found = await ex
      .select({ id: employees.id })
      .from(employees)
      .where(and(inArray(employees.id, [...ids]), eq(employees.portalId, portalId)));
    return found.length;
  },

  /** For each employee: their department and whether `supervisorId` leads them. */
  async leadership(
    ex: Executor,
    supervisorId: number,
    employeeIds: readonly number[],
  ): Promise<{ id: number; departmentId: number | null; led: boolean }[]> {
    if (employeeIds.length === 0) return [];
    return ex
      .select({
        id: employees.id,
        departmentId: employees.departmentId,
        led: sql<boolean>`exists (select 1 from employee_supervisors s where s.supervisor_id = ${supervisorId} and s.employee_id = ${employees.id})`,
      })
      .from(employees)
      .where(inArray(employees.id, [...employeeIds]));
  },

  /** Whether the portal is the main portal (false for an unknown id). */
  async isMainPortal(ex: Executor, portalId: number): Promise<boolean> {
    const [row] = await ex.select({ isMain: portals.isMain }).from(portals).where(eq(portals.id, portalId));
    return row?.isMain ?? false;
  },

  /** How many of the (distinct) ids are customer portals (not the main portal). */
  async customerPortalCount(ex: Executor, ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const found = await ex
      .select({ id: portals.id })
      .from(portals)
      .where(and(inArray(portals.id, [...ids]), eq(portals.isMain, false)));
    return found.length;
  },

  /** Replaces one assignment set of the employee with `ids`. */
  async replaceSet(
    ex: Executor,
    kind: AssignmentSetKind,
    employeeId: number,
    ids: readonly number[],
  ): Promise<void> {
    if (kind === 'portals') {
      await ex.delete(employeePortals).where(eq(employeePortals.employeeId, employeeId));
      if (ids.length)
        await ex.insert(employeePortals).values(ids.map((portalId) => ({ employeeId, portalId })));
    } else if (kind === 'departments') {
      await ex
        .delete(employeeDepartmentResponsibilities)
        .where(eq(employeeDepartmentResponsibilities.employeeId, employeeId));
      if (ids.length)
        await ex
          .insert(employeeDepartmentResponsibilities)
          .values(ids.map((departmentId) => ({ employeeId, departmentId })));
    } else if (kind === 'locations') {
      // Only the difference: kept rows keep the function ('Standortleitung') set on the location page.
      const t = employeeLocationResponsibilities;
      await ex
        .delete(t)
        .where(
          ids.length
            ? and(eq(t.employeeId, employeeId), sql`${t.locationId} <> all(${sql.param([...ids])}::int[])`)
            : eq(t.employeeId, employeeId),
        );
      if (ids.length)
        await ex
          .insert(t)
          .values(ids.map((locationId) => ({ employeeId, locationId })))
          .onConflictDoNothing();
    } else {
      await ex.delete(employeeSupervisors).where(eq(employeeSupervisors.supervisorId, employeeId));
      if (ids.length)
        await ex
          .insert(employeeSupervisors)
          .values(ids.map((ledId) => ({ supervisorId: employeeId, employeeId: ledId })));
    }
  },

  /** A new assignments version (the record's own version stays). */
  async bumpAssignmentsVersion(ex: Executor, employeeId: number): Promise<void> {
    await ex
      .update(employees)
      .set({ assignmentsVersion: sql`${employees.assignmentsVersion} + 1`, updatedAt: new Date() })
      .where(eq(employees.id, employeeId));
  },

  /** Sets the employee's department and/or location (a new record version). */
  async setOrganisation(
    ex: Executor,
    employeeId: number,
    patch: { departmentId?: number | null; locationId?: number | null },
  ): Promise<void> {
    await ex
      .update(employees)
      .set({ ...patch, version: sql`${employees.version} + 1`, updatedAt: new Date() })
      .where(eq(employees.id, employeeId));
  },
};

export type EmployeeAssignmentsRepository = typeof employeeAssignmentsRepository;

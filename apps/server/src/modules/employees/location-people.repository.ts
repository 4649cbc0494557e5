import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import type {
  EscalationInput,
  EscalationRecord,
  ResponsibilityInput,
  ResponsibilityRecord,
  TreeKind,
} from '#modules/organisation/index.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import { countAll } from '#platform/list.ts';
import { employees } from './employees.table.ts';
import { departmentHeads, locationEscalations, locationResponsibilities } from './location-people.table.ts';

const employeeRef = {
  id: employees.id,
  personnelNumber: employees.personnelNumber,
  lastName: employees.lastName,
  firstName: employees.firstName,
  departmentName: departments.name,
};

/**
 * The people of the organisation units (decision 030): the employees of a location or department, the
 * escalation levels and responsible persons of a location. With the employees repository's `existingIds` it
 * is the organisation module's OrganisationPeoplePort (put together in employees.module.ts, handed over in
 * app.ts).
 */
export const locationPeopleRepository = {
  async anchors(ex: Executor, kind: TreeKind, employeeId: number): Promise<number[]> {
    const [own] = await ex
      .select({ locationId: employees.locationId, departmentId: employees.departmentId })
      .from(employees)
      .where(eq(employees.id, employeeId));
    const result: number[] = [];
    const first = kind === 'location' ? own?.locationId : own?.departmentId;
    if (first) result.push(first);
    if (kind === 'location') {
      const rows = await ex
        .select({ id: locationResponsibilities.locationId })
        .from(locationResponsibilities)
        .where(eq(locationResponsibilities.employeeId, employeeId));
      result.push(...rows.map((r) => r.id));
    }
    return result;
  },

  async employeeCount(ex: Executor, kind: TreeKind, unitId: number): Promise<number> {
    const column = kind === 'location' ? employees.locationId : employees.departmentId;
    const [row] = await ex.select({ count: countAll }).from(employees).where(eq(column, unitId));
    return row?.count ?? 0;
  },

  async escalations(ex: Executor, locationId: number): Promise<EscalationRecord[]> {
    const rows = await ex
      .select({
        level: locationEscalations.level,
        email: locationEscalations.email,
        phone: locationEscalations.phone,
        employeeId: employees.id,
        personnelNumber: employees.personnelNumber,
        lastName: employees.lastName,
        firstName: employees.firstName,
        departmentName: departments.name,
      })
      .from(locationEscalations)
      .leftJoin(employees, eq(employees.id, locationEscalations.employeeId))
      .leftJoin(departments, eq(departments.id, employees.departmentId))
      .where(eq(locationEscalations.locationId, locationId))
      .orderBy(asc(locationEscalations.level));
    return rows.map((r) => ({
      level: r.level,
      email: r.email,
      phone: r.phone,
      employee:
        r.employeeId === null
          ? null
          : {
              id: r.employeeId,
              personnelNumber: r.personnelNumber ?? '',
              lastName: r.lastName ?? '',
              firstName: r.firstName ?? '',
              departmentName: r.departmentName,
            },
    }));
  },

  async responsibilities(ex: Executor, locationId: number): Promise<ResponsibilityRecord[]> {
    const rows = await ex
      .select({ title: locationResponsibilities.title, employee: employeeRef })
      .from(locationResponsibilities)
      .innerJoin(employees, eq(employees.id, locationResponsibilities.employeeId))
      .leftJoin(departments, eq(departments.id, employees.departmentId))
      .where(eq(locationResponsibilities.locationId, locationId))
      .orderBy(asc(employees.lastNameSort), asc(employees.firstNameSort), asc(employees.id));
    return rows;
  },

  async replaceEscalations(
    ex: Executor,
    locationId: number,
    levels: readonly EscalationInput[],
  ): Promise<void> {
    await ex.delete(locationEscalations).where(eq(locationEscalations.locationId, locationId));
    const filled = levels.filter((l) => l.employeeId !== null || l.email !== null || l.phone !== null);
    if (filled.length > 0) {
      await ex.insert(locationEscalations).values(filled.map((l) => ({ locationId, ...l })));
    }
  },

  async replaceResponsibilities(
    ex: Executor,
    locationId: number,
    list: readonly ResponsibilityInput[],
  ): Promise<void> {
    await ex.delete(locationResponsibilities).where(eq(locationResponsibilities.locationId, locationId));
    if (list.length > 0) {
      await ex.insert(locationResponsibilities).values(list.map((r) => ({ locationId, ...r })));
    }
  },

  async departmentHead(ex: Executor, departmentId: number) {
    const [row] = await ex
      .select(employeeRef)
      .from(departmentHeads)
      .innerJoin(employees, eq(employees.id, departmentHeads.employeeId))
      .leftJoin(departments, eq(departments.id, employees.departmentId))
      .where(eq(departmentHeads.departmentId, departmentId));
    return row ?? null;
  },

  async setDepartmentHead(ex: Executor, departmentId: number, employeeId: number | null): Promise<void> {
    if (employeeId === null) {
      await ex.delete(departmentHeads).where(eq(departmentHeads.departmentId, departmentId));
      return;
    }
    await ex
      .insert(departmentHeads)
      .values({ departmentId, employeeId })
      .onConflictDoUpdate({ target: departmentHeads.departmentId, set: { employeeId } });
  },

  /** Locations an employee is responsible for or an escalation contact of (deletion guard). */
  async locationsOfEmployee(ex: Executor, employeeId: number): Promise<string[]> {
    const rows = await ex
      .selectDistinct({ name: locations.name })
      .from(locations)
      .where(
        sql`${locations.id} in (select location_id from location_responsibilities where employee_id = ${employeeId}
            union select location_id from location_escalations where employee_id = ${employeeId})`,
      )
      .orderBy(asc(locations.name));
    return rows.map((r) => r.name);
  },
};

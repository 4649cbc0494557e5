import type { EmployeeRef } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import { countAll } from '#platform/list.ts';
import { locationEscalations, locationResponsibilities } from './location-people.table.ts';
import { departments, locationDesignations, locations } from './organisation.table.ts';

export type TreeKind = 'location' | 'department';

/**
 * Both trees share the columns id, portal_id, parent_id, name, version, updated_at; the tree operations
 * below touch only those, so one code path serves both tables.
 */
function treeTable(kind: TreeKind): typeof locations {
  return (kind === 'location' ? locations : departments) as unknown as typeof locations;
}

export type TreeRecord = {
  id: number;
  portalId: number;
  parentId: number | null;
  name: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

export type TreeRowWithFlags = {
  id: number;
  parentId: number | null;
  name: string;
  version: number;
  isContainer: boolean;
};

export type LocationRecord = typeof locations.$inferSelect;
export type DepartmentRecord = typeof departments.$inferSelect;

export type EscalationRecord = {
  level: number;
  employee: EmployeeRef | null;
  email: string | null;
  phone: string | null;
};
export type ResponsibilityRecord = { employee: EmployeeRef; title: string | null };

const employeeRef = {
  id: employees.id,
  personnelNumber: employees.personnelNumber,
  lastName: employees.lastName,
  firstName: employees.firstName,
  departmentName: departments.name,
};

export function createOrganisationRepository(db: Executor) {
  return {
    /** All nodes of one portal's tree (trees are small: hundreds, rarely a few thousand nodes). */
    async treeRows(kind: TreeKind, portalId: number, ex: Executor = db): Promise<TreeRowWithFlags[]> {
      if (kind === 'department') {
        return ex
          .select({
            id: departments.id,
            parentId: departments.parentId,
            name: departments.name,
            version: departments.version,
            isContainer: departments.isContainer,
          })
          .from(departments)
          .where(eq(departments.portalId, portalId));
      }
      const rows = await ex
        .select({
          id: locations.id,
          parentId: locations.parentId,
          name: locations.name,
          version: locations.version,
        })
        .from(locations)
        .where(eq(locations.portalId, portalId));
      return rows.map((r) => ({ ...r, isContainer: false }));
    },

    /**
     * Serialises structural changes of one portal's trees (create, move, delete), so two concurrent moves
     * cannot build a cycle. `no key update` does not block inserts that reference the portal.
     */
    async lockPortalTrees(ex: Executor, portalId: number): Promise<void> {
      await ex.select({ id: portals.id }).from(portals).where(eq(portals.id, portalId)).for('no key update');
    },

    async findNode(
      kind: TreeKind,
      id: number,
      ex: Executor = db,
      lock?: 'update',
    ): Promise<TreeRecord | undefined> {
      const t = treeTable(kind);
      const query = ex
        .select({
          id: t.id,
          portalId: t.portalId,
          parentId: t.parentId,
          name: t.name,
          version: t.version,
          createdAt: t.createdAt,
          updatedAt: t.updatedAt,
        })
        .from(t)
        .where(eq(t.id, id));
      const [row] = lock ? await query.for(lock) : await query;
      return row;
    },

    async findLocation(id: number, ex: Executor = db): Promise<LocationRecord | undefined> {
      const [row] = await ex.select().from(locations).where(eq(locations.id, id));
      return row;
    },

    async findDepartment(id: number, ex: Executor = db): Promise<DepartmentRecord | undefined> {
      const [row] = await ex.select().from(departments).where(eq(departments.id, id));
      return row;
    },

    async childCount(kind: TreeKind, id: number, ex: Executor = db): Promise<number> {
      const t = treeTable(kind);
      const [row] = await ex.select({ count: countAll }).from(t).where(eq(t.parentId, id));
      return row?.count ?? 0;
    },

    /** Employees assigned to the node (their location or department). */
    async employeeCount(kind: TreeKind, id: number, ex: Executor = db): Promise<number> {
      const column = kind === 'location' ? employees.locationId : employees.departmentId;
      const [row] = await ex.select({ count: countAll }).from(employees).where(eq(column, id));
      return row?.count ?? 0;
    },

    async insertNode(
      kind: TreeKind,
      ex: Executor,
      values: { portalId: number; parentId: number | null; name: string },
    ): Promise<TreeRecord> {
      const t = treeTable(kind);
      const [row] = await ex.insert(t).values(values).returning({
        id: t.id,
        portalId: t.portalId,
        parentId: t.parentId,
        name: t.name,
        version: t.version,
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
      });
      return row!;
    },

    /** Updates only when `version` matches (also with an empty patch: bumps the version); false otherwise. */
    async updateVersioned(
      kind: TreeKind,
      ex: Executor,
      id: number,
      version: number,
      patch: Record<string, unknown>,
    ): Promise<boolean> {
      const t = kind === 'location' ? locations : departments;
      const rows = await ex
        .update(t)
        .set({ ...patch, version: sql`${t.version} + 1`, updatedAt: new Date() })
        .where(and(eq(t.id, id), eq(t.version, version)))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    async deleteVersioned(kind: TreeKind, ex: Executor, id: number, version: number): Promise<boolean> {
      const t = treeTable(kind);
      const rows = await ex
        .delete(t)
        .where(and(eq(t.id, id), eq(t.version, version)))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    // ── location details ───────────────────────────────────────────────────────────────────────

    async escalations(locationId: number, ex: Executor = db): Promise<EscalationRecord[]> {
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

    async responsibilities(locationId: number, ex: Executor = db): Promise<ResponsibilityRecord[]> {
      const rows = await ex
        .select({ title: locationResponsibilities.title, employee: employeeRef })
        .from(locationResponsibilities)
        .innerJoin(employees, eq(employees.id, locationResponsibilities.employeeId))
        .leftJoin(departments, eq(departments.id, employees.departmentId))
        .where(eq(locationResponsibilities.locationId, locationId))
        .orderBy(asc(employees.lastNameSort), asc(employees.firstNameSort), asc(employees.id));
      return rows;
    },

    async designations(locationId: number, ex: Executor = db): Promise<{ id: number; name: string }[]> {
      const rows = await ex
        .select({ id: locationDesignations.id, name: locationDesignations.name })
        .from(locationDesignations)
        .where(eq(locationDesignations.locationId, locationId));
      return rows;
    },

    async replaceEscalations(
      ex: Executor,
      locationId: number,
      levels: readonly {
        level: number;
        employeeId: number | null;
        email: string | null;
        phone: string | null;
      }[],
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
      list: readonly { employeeId: number; title: string | null }[],
    ): Promise<void> {
      await ex.delete(locationResponsibilities).where(eq(locationResponsibilities.locationId, locationId));
      if (list.length > 0) {
        await ex.insert(locationResponsibilities).values(list.map((r) => ({ locationId, ...r })));
      }
    },

    /** Keeps designations by id (renaming them), deletes the missing ones, inserts the new ones. */
    async syncDesignations(
      ex: Executor,
      locationId: number,
      list: readonly { id?: number | undefined; name: string }[],
    ): Promise<void> {
      const existing = await ex
        .select({ id: locationDesignations.id, name: locationDesignations.name })
        .from(locationDesignations)
        .where(eq(locationDesignations.locationId, locationId));
      const keep = new Set(list.map((d) => d.id).filter((id): id is number => id !== undefined));
      const removed = existing.filter((d) => !keep.has(d.id)).map((d) => d.id);
      if (removed.length > 0) {
        await ex.delete(locationDesignations).where(inArray(locationDesignations.id, removed));
      }
      // Rename through a temporary name first, so swapping two names does not trip the unique index.
      const renamed = list.filter((d) => {
        const before = existing.find((e) => e.id === d.id);
        return before !== undefined && before.name !== d.name;
      });
      for (const d of renamed) {
        await ex
          .update(locationDesignations)
          .set({ name: `~umbenennen~${d.id}~` })
          .where(eq(locationDesignations.id, d.id!));
      }
      for (const d of renamed) {
        await ex.update(locationDesignations).set({ name: d.name }).where(eq(locationDesignations.id, d.id!));
      }
      const added = list.filter((d) => d.id === undefined);
      if (added.length > 0) {
        await ex.insert(locationDesignations).values(added.map((d) => ({ locationId, name: d.name })));
      }
    },

    // ── scope anchors ──────────────────────────────────────────────────────────────────────────

    /** The nodes an employee "owns": own location and locations they are responsible for / own department. */
    async anchors(kind: TreeKind, employeeId: number, ex: Executor = db): Promise<number[]> {
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
}

export type OrganisationRepository = ReturnType<typeof createOrganisationRepository>;

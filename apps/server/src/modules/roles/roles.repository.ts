import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { RoleListRow, RoleMemberRow } from '@schutzwerk/shared/roles/role.schema.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { deleteVersioned, updateVersionedReturning } from '#db/versioned.ts';
import type { EmployeeRolesPort } from '#modules/employees/index.ts';
import { employees } from '#modules/employees/tables.ts';
import { departments } from '#modules/organisation/tables.ts';
import { type ListPlan, type ListSource, runList } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import { employeeRoles, rolePermissions, roles } from './roles.table.ts';

const permissionCount = sql<number>`(select cast(count(*) as integer) from role_permissions rp where rp.role_id = ${roles.id})`;
/** Full access: the role carries the superuser permission (id 12), which satisfies every check. */
const fullAccess = sql<boolean>`exists (select 1 from role_permissions rp where rp.role_id = ${roles.id} and rp.permission_id = ${P.SUPERUSER})`;
const memberCount = sql<number>`(select cast(count(*) as integer) from employee_roles er where er.role_id = ${roles.id})`;

export const roleListSource = {
  orderBy: { name: sql`lower(${roles.name})`, permissionCount, memberCount },
  defaultOrderBy: 'name',
  tieBreaker: roles.id,
  searchText: sql`${roles.name} || ' ' || ${roles.description}`,
} satisfies ListSource<'name' | 'permissionCount' | 'memberCount'>;

export const roleMemberListSource = {
  orderBy: { lastName: [employees.lastNameSort, employees.firstNameSort] },
  defaultOrderBy: 'lastName',
  tieBreaker: employees.id,
  searchText: sql`${employees.lastName} || ' ' || ${employees.firstName} || ' ' || ${employees.personnelNumber}`,
} satisfies ListSource<'lastName'>;

export type RoleRecord = typeof roles.$inferSelect & { permissions: number[]; memberCount: number };

export const rolesRepository = {
  list(ex: Executor, plan: ListPlan): Promise<ListResult<RoleListRow>> {
    return runList(plan, {
      rows: (p) =>
        ex
          .select({
            id: roles.id,
            name: roles.name,
            description: roles.description,
            permissionCount,
            fullAccess,
            memberCount,
          })
          .from(roles)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      count: (where) => countRows(ex, roles, where),
    });
  },

  /** `lock`: take a row lock (inside a transaction) so concurrent changes to the role wait. */
  async findById(ex: Executor, id: number, lock?: 'update' | 'share'): Promise<RoleRecord | undefined> {
    if (lock) await ex.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for(lock);
    const [role] = await ex.select({ role: roles, memberCount }).from(roles).where(eq(roles.id, id));
    if (!role) return undefined;
    const perms = await ex
      .select({ id: rolePermissions.permissionId })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, id))
      .orderBy(rolePermissions.permissionId);
    return { ...role.role, memberCount: role.memberCount, permissions: perms.map((p) => p.id) };
  },

  async insert(ex: Executor, values: { portalId: number; name: string; description: string }) {
    const [row] = await ex.insert(roles).values(values).returning();
    return row!;
  },

  /** Updates only when `version` matches; returns undefined when nothing was updated. */
  async updateVersioned(
    ex: Executor,
    id: number,
    version: number,
    patch: Partial<{ name: string; description: string }>,
  ) {
    return updateVersionedReturning(ex, roles, id, version, patch);
  },

  async replacePermissions(ex: Executor, roleId: number, permissionIds: readonly number[]) {
    await ex.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    if (permissionIds.length > 0) {
      await ex
        .insert(rolePermissions)
        .values(permissionIds.map((permissionId) => ({ roleId, permissionId })));
    }
  },

  async deleteVersioned(ex: Executor, id: number, version: number): Promise<boolean> {
    return deleteVersioned(ex, roles, id, version);
  },

  members(ex: Executor, roleId: number, plan: ListPlan): Promise<ListResult<RoleMemberRow>> {
    const inRole = sql`exists (select 1 from employee_roles er where er.employee_id = ${employees.id} and er.role_id = ${roleId})`;
    const where = plan.where ? and(plan.where, inRole) : inRole;
    return runList(
      { ...plan, where },
      {
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
        count: (w) => countRows(ex, employees, w),
      },
    );
  },

  async addMembers(ex: Executor, roleId: number, employeeIds: readonly number[]): Promise<number[]> {
    const rows = await ex
      .insert(employeeRoles)
      .values(employeeIds.map((employeeId) => ({ employeeId, roleId })))
      .onConflictDoNothing()
      .returning({ employeeId: employeeRoles.employeeId });
    return rows.map((r) => r.employeeId);
  },

  async removeMember(ex: Executor, roleId: number, employeeId: number): Promise<boolean> {
    const rows = await ex
      .delete(employeeRoles)
      .where(and(eq(employeeRoles.roleId, roleId), eq(employeeRoles.employeeId, employeeId)))
      .returning({ employeeId: employeeRoles.employeeId });
    return rows.length > 0;
  },
};

export type RolesRepository = typeof rolesRepository;

/**
 * The roles of one employee, executor first: the employees module's EmployeeRolesPort, used when assignments
 * are copied (decision 030; handed over in app.ts). Runs in the caller's transaction.
 */
export const employeeRoleAssignments: EmployeeRolesPort = {
  async roleIdsOf(ex, employeeId) {
    const rows = await ex
      .select({ roleId: employeeRoles.roleId })
      .from(employeeRoles)
      .where(eq(employeeRoles.employeeId, employeeId));
    return rows.map((r) => r.roleId);
  },

  async permissionsOfRoles(ex, roleIds) {
    if (roleIds.length === 0) return [];
    const rows = await ex
      .selectDistinct({ id: rolePermissions.permissionId })
      .from(rolePermissions)
      .where(inArray(rolePermissions.roleId, [...roleIds]));
    return rows.map((r) => r.id);
  },

  async replaceRolesOf(ex, employeeId, roleIds) {
    await ex.delete(employeeRoles).where(eq(employeeRoles.employeeId, employeeId));
    if (roleIds.length > 0) {
      await ex.insert(employeeRoles).values(roleIds.map((roleId) => ({ employeeId, roleId })));
    }
  },
};

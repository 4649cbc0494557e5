import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';

/** Roles (Rollen): named sets of permissions, assigned to employees. */
export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...versioned,
  },
  (t) => [uniqueIndex('roles_portal_name').on(t.portalId, sql`lower(${t.name})`)],
);

/** Permission ids come from the catalogue in packages/shared/src/permissions.ts. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const employeeRoles = pgTable(
  'employee_roles',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.roleId] }),
    index('employee_roles_role').on(t.roleId, t.employeeId),
  ],
);

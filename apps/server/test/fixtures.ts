import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { employees } from '../src/modules/employees/employees.table.ts';
import { instructionAssignments } from '../src/modules/instructions/instructions.table.ts';
import { portals } from '../src/modules/portals/portals.table.ts';
import { employeeRoles, rolePermissions, roles } from '../src/modules/roles/roles.table.ts';
import { hashPassword } from '../src/platform/password.ts';

let counter = 0;

/** An employee who can sign in, with exactly the given permissions (through a role of its own). */
export async function createUser(
  db: Db,
  options: { permissions?: number[]; password?: string; portalId?: number; active?: boolean } = {},
) {
  counter += 1;
  const login = `test.user.${process.pid}.${counter}`;
  const password = options.password ?? 'Test-Kennwort-2026!';
  const portalId = options.portalId ?? (await mainPortalId(db));
  const [employee] = await db
    .insert(employees)
    .values({
      portalId,
      personnelNumber: `T${process.pid}${counter}`,
      lastName: `Prüfer${counter}`,
      firstName: 'Tess',
      loginName: login,
      passwordHash: await hashPassword(password),
      active: options.active ?? true,
    })
    .returning();
  if (options.permissions && options.permissions.length > 0) {
    const [role] = await db
      .insert(roles)
      .values({ portalId, name: `Testrolle ${login}` })
      .returning({ id: roles.id });
    await db
      .insert(rolePermissions)
      .values(options.permissions.map((permissionId) => ({ roleId: role!.id, permissionId })));
    await db.insert(employeeRoles).values({ employeeId: employee!.id, roleId: role!.id });
  }
  return { id: employee!.id, login, password };
}

export async function mainPortalId(db: Db): Promise<number> {
  const [main] = await db.select({ id: portals.id }).from(portals).where(eq(portals.isMain, true));
  return main!.id;
}

export async function customerPortalId(db: Db): Promise<number> {
  const [customer] = await db.select({ id: portals.id }).from(portals).where(eq(portals.isMain, false));
  return customer!.id;
}

export async function employeeIdByLogin(db: Db, login: string): Promise<number> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(sql`lower(${employees.loginName}) = ${login}`);
  return row!.id;
}

/**
 * An instruction item (Unterweisungszuweisung) of a new employee without rights, due on `dueDate`, written
 * straight into the table (for tests of what happens to an item, not of how it is assigned).
 */
export async function createAssignment(
  db: Db,
  item: { portalId: number; topicId: number; status?: string; type?: string; dueDate?: string },
) {
  const user = await createUser(db, { permissions: [] });
  const dueDate = item.dueDate ?? '2030-06-01';
  const [row] = await db
    .insert(instructionAssignments)
    .values({
      portalId: item.portalId,
      employeeId: user.id,
      topicId: item.topicId,
      type: item.type ?? 'instruction',
      status: item.status ?? 'O',
      dueDate,
      originalDueDate: dueDate,
    })
    .returning();
  return row!;
}

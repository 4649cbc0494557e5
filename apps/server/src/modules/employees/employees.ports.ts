import type { Executor } from '#db/client.ts';

/*
 * What the employees module needs of the modules above it (decision 030: organisation < employees < roles,
 * activities). 'Zuordnungen kopieren' copies an employee's roles and activities too, in the one transaction of
 * the copy: the roles and activities modules own those tables and implement these ports (executor first, so
 * the caller's transaction is used); app.ts hands them over. The rules (rights, no escalation, the change log)
 * stay in employee-assignments.service.ts.
 */

/** The roles of an employee (`employee_roles`) and the permissions of roles (`role_permissions`). */
export type EmployeeRolesPort = {
  /** The ids of the roles the employee holds (unordered). */
  roleIdsOf(ex: Executor, employeeId: number): Promise<number[]>;
  /** The distinct permission ids the roles carry. */
  permissionsOfRoles(ex: Executor, roleIds: readonly number[]): Promise<number[]>;
  /** Replaces the employee's roles with `roleIds`. */
  replaceRolesOf(ex: Executor, employeeId: number, roleIds: readonly number[]): Promise<void>;
};

/** The activities (Eigenschaften) of an employee (`employee_activities`). */
export type EmployeeActivitiesPort = {
  /** The ids of the activities assigned to the employee (unordered). */
  activityIdsOf(ex: Executor, employeeId: number): Promise<number[]>;
  /** Replaces the employee's activities with `activityIds` (all rows are written anew). */
  replaceActivitiesOf(ex: Executor, employeeId: number, activityIds: readonly number[]): Promise<void>;
};

/**
 * Told inside the writer's transaction that employees were created or that their activities, roles, location,
 * department or active flag changed (decision 040: the instructions module's profiles follow them). Modules
 * above implement it; app.ts pushes it into `changeHooks` of the employees, activities and import modules.
 */
export type EmployeesChangedHook = (
  ex: Executor,
  change: { employeeIds: readonly number[]; actorId: number | null },
) => Promise<void>;

/** Calls every hook in turn (in the caller's transaction). */
export async function notifyEmployeesChanged(
  hooks: readonly EmployeesChangedHook[],
  ex: Executor,
  change: { employeeIds: readonly number[]; actorId: number | null },
): Promise<void> {
  if (change.employeeIds.length === 0) return;
  for (const hook of hooks) await hook(ex, change);
}

import { P } from '@schutzwerk/shared/permissions.ts';
import type { Executor } from '#db/client.ts';
import { ownedUnitIds } from '#modules/employees/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';

/**
 * The units through which a caller reaches employees in the instructions (spec §6: responsibility and location
 * rights; decisions 069, 073): `departments` — the departments the caller is responsible for, sub-units
 * included, or null with DEPARTMENTS_ALL (every department); `locations` — likewise with LOCATIONS_ALL, and an
 * empty set means the caller has no location rights configured (they do not restrict).
 *
 * An employee is in reach when `departments` is null or holds the employee's department (an employee without
 * department is out of reach), and `locations` is null or empty, or holds the employee's location (an employee
 * without location passes).
 */
export type UnitReach = { departments: Set<number> | null; locations: Set<number> | null };

export async function unitReach(ex: Executor, actor: Actor): Promise<UnitReach> {
  const allDepartments = actorHasAny(actor, P.DEPARTMENTS_ALL);
  const allLocations = actorHasAny(actor, P.LOCATIONS_ALL);
  const [departments, locations] = await Promise.all([
    allDepartments ? null : ownedUnitIds(ex, 'department', actor.employeeId),
    allLocations ? null : ownedUnitIds(ex, 'location', actor.employeeId),
  ]);
  return { departments, locations };
}

/** Why an employee is out of reach: its department, or its location; null when in reach. */
export function outOfReach(
  reach: UnitReach,
  employee: { departmentId: number | null; locationId: number | null },
): 'department' | 'location' | null {
  const { departments, locations } = reach;
  if (departments && (employee.departmentId === null || !departments.has(employee.departmentId)))
    return 'department';
  if (locations && locations.size > 0 && employee.locationId !== null && !locations.has(employee.locationId))
    return 'location';
  return null;
}

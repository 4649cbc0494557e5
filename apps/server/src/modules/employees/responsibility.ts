import { employeesMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';

export type UnitKind = 'department' | 'location';

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

/**
 * The departments or locations an employee is responsible for, sub-units included: a responsibility
 * for 'Produktion' covers 'Produktion › Abfüllung'. One recursive query per check.
 */
export async function ownedUnitIds(ex: Executor, kind: UnitKind, employeeId: number): Promise<Set<number>> {
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
}

/** Users without the 'all' right may only add or remove units they are responsible for themselves. */
export async function assertResponsibleFor(
  ex: Executor,
  actor: Actor,
  kind: UnitKind,
  ids: readonly (number | null | undefined)[],
): Promise<void> {
  const wanted = ids.filter((id): id is number => typeof id === 'number');
  if (wanted.length === 0) return;
  if (actorHasAny(actor, kind === 'department' ? P.DEPARTMENTS_ALL : P.LOCATIONS_ALL)) return;
  const owned = await ownedUnitIds(ex, kind, actor.employeeId);
  if (wanted.some((id) => !owned.has(id))) {
    throw new AppError('NOT_RESPONSIBLE', {
      message:
        kind === 'department'
          ? employeesMessages.notResponsibleForDepartments
          : employeesMessages.notResponsibleForLocations,
    });
  }
}

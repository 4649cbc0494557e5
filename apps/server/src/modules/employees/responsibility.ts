import { employeesMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { employeesRepository } from './employees.repository.ts';

export type UnitKind = 'department' | 'location';

/**
 * The departments or locations an employee is responsible for, sub-units included (the query is
 * employeesRepository.ownedUnitIds).
 */
export function ownedUnitIds(ex: Executor, kind: UnitKind, employeeId: number): Promise<Set<number>> {
  return employeesRepository.ownedUnitIds(ex, kind, employeeId);
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

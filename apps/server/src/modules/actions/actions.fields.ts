import {
  type createActionSchema,
  type ExecutorKind,
  GENERAL_SOURCE,
} from '@schutzwerk/shared/actions/actions.schema.ts';
import { actionsMessages } from '@schutzwerk/shared/errors.ts';
import type { Executor } from '#db/client.ts';
import { AppError } from '#platform/errors.ts';
import type { ActionSource } from './action-sources.ts';
import type { ActionRecord, ActionsRepository } from './actions.repository.ts';

/** The fields of an action that the change log records. */
export const ACTION_FIELDS = [
  'designation',
  'description',
  'type',
  'dueDate',
  'done',
  'locationId',
  'responsibleId',
  'executorId',
  'externalExecutor',
  'informational',
  'immediateFlags',
  'effectiveness',
  'effectivenessCheckedOn',
  'effectivenessCheckedBy',
  'participantIds',
  'observerIds',
  'affectedIds',
] as const;

/** A validated action as the create and update bodies carry it. */
export type ActionInput = ReturnType<typeof createActionSchema.parse>;

/**
 * The stored columns of an action input. One executor at most: an employee (executorId) or an external
 * person (their name); the effectiveness check's date and checker only once it was checked.
 */
export function actionColumns(input: ActionInput) {
  return {
    designation: input.designation,
    description: input.description,
    type: input.type,
    dueDate: input.dueDate,
    locationId: input.locationId,
    responsibleId: input.responsibleId,
    executorId: input.executorKind === 'employee' ? input.executorId : null,
    externalExecutor: input.executorKind === 'external' ? input.externalExecutor : null,
    informational: input.informational,
    immediateFlags: input.immediateFlags,
    effectiveness: input.effectiveness,
    effectivenessCheckedOn: input.effectiveness === 'notChecked' ? null : input.effectivenessCheckedOn,
    effectivenessCheckedBy: input.effectiveness === 'notChecked' ? null : input.effectivenessCheckedById,
  };
}

/** Which executor a stored action has. */
export function executorKindOf(row: Pick<ActionRecord, 'executorId' | 'externalExecutor'>): ExecutorKind {
  if (row.executorId !== null) return 'employee';
  if (row.externalExecutor !== null) return 'external';
  return 'none';
}

/**
 * The location an action gets: a source with a location gives its own (the input's is ignored); a
 * stand-alone action needs one (400 with the field path otherwise).
 */
export async function actionLocation(
  ex: Executor,
  source: ActionSource | undefined,
  target: { sourceType: string; sourceId: number; locationId: number | null },
): Promise<number | null> {
  let locationId = target.locationId;
  if (target.sourceType !== GENERAL_SOURCE && source?.locationOf)
    locationId = await source.locationOf(ex, target.sourceId);
  if (target.sourceType === GENERAL_SOURCE && locationId === null)
    throw new AppError('INPUT_VALIDATION_ERROR', {
      details: [{ path: ['body', 'locationId'], message: actionsMessages.fieldLocationRequired }],
    });
  return locationId;
}

/** Every referenced employee and the location must exist in the action's portal (400 with field paths). */
export async function checkReferences(
  repository: Pick<ActionsRepository, 'employeesInPortal' | 'locationInPortal'>,
  ex: Executor,
  portalId: number,
  input: ActionInput,
): Promise<void> {
  const details: { path: string[]; message: string }[] = [];
  const single: [string, number | null][] = [
    ['responsibleId', input.responsibleId],
    ['executorId', input.executorKind === 'employee' ? input.executorId : null],
    ['effectivenessCheckedById', input.effectivenessCheckedById],
  ];
  const all = [
    ...single.map(([, id]) => id),
    ...input.participantIds,
    ...input.observerIds,
    ...input.affectedIds,
  ].filter((id): id is number => id !== null);
  const found = await repository.employeesInPortal(ex, portalId, all);
  for (const [path, id] of single)
    if (id !== null && !found.has(id))
      details.push({ path: ['body', path], message: actionsMessages.fieldPersonNotInPortal });
  for (const key of ['participantIds', 'observerIds', 'affectedIds'] as const)
    if (input[key].some((id) => !found.has(id)))
      details.push({ path: ['body', key], message: actionsMessages.fieldPersonsUnknown });
  if (input.locationId !== null && !(await repository.locationInPortal(ex, portalId, input.locationId)))
    details.push({ path: ['body', 'locationId'], message: actionsMessages.fieldLocationUnknown });
  if (details.length > 0) throw new AppError('INPUT_VALIDATION_ERROR', { details });
}

import { createActionSchema } from '@schutzwerk/shared/actions/actions.schema.ts';
import { describe, expect, it } from 'vitest';
import type { Executor } from '#db/client.ts';
import { AppError } from '#platform/errors.ts';
import type { ActionSource } from './action-sources.ts';
import { actionColumns, actionLocation, checkReferences, executorKindOf } from './actions.fields.ts';

/** The field rules of actions: stored columns, executor kinds, the location rule and reference checks. */

const ex = {} as Executor;
const base = { sourceType: 'general', sourceId: 0, designation: 'Lüftung prüfen', responsibleId: 20 };

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('stored columns', () => {
  it('an employee executor keeps the id and drops an external name', () => {
    const input = createActionSchema.parse({
      ...base,
      executorKind: 'employee',
      executorId: 30,
      externalExecutor: 'Firma Blitz',
    });
    expect(actionColumns(input)).toMatchObject({ executorId: 30, externalExecutor: null });
  });

  it('an external executor keeps the name and drops an employee id', () => {
    const input = createActionSchema.parse({
      ...base,
      executorKind: 'external',
      executorId: 30,
      externalExecutor: 'Firma Blitz',
    });
    expect(actionColumns(input)).toMatchObject({ executorId: null, externalExecutor: 'Firma Blitz' });
  });

  it('no executor stores neither', () => {
    const input = createActionSchema.parse({ ...base, executorId: 30, externalExecutor: 'Firma Blitz' });
    expect(actionColumns(input)).toMatchObject({ executorId: null, externalExecutor: null });
  });

  it('the effectiveness check keeps date and checker only once checked', () => {
    const unchecked = createActionSchema.parse({
      ...base,
      effectivenessCheckedOn: '2026-03-01',
      effectivenessCheckedById: 40,
    });
    expect(actionColumns(unchecked)).toMatchObject({
      effectiveness: 'notChecked',
      effectivenessCheckedOn: null,
      effectivenessCheckedBy: null,
    });
    const checked = createActionSchema.parse({
      ...base,
      effectiveness: 'effective',
      effectivenessCheckedOn: '2026-03-01',
      effectivenessCheckedById: 40,
    });
    expect(actionColumns(checked)).toMatchObject({
      effectiveness: 'effective',
      effectivenessCheckedOn: '2026-03-01',
      effectivenessCheckedBy: 40,
    });
  });

  it('the executor kind of a stored row', () => {
    expect(executorKindOf({ executorId: 3, externalExecutor: null })).toBe('employee');
    expect(executorKindOf({ executorId: null, externalExecutor: 'Firma Blitz' })).toBe('external');
    expect(executorKindOf({ executorId: null, externalExecutor: null })).toBe('none');
  });
});

describe('the location of an action', () => {
  const located: ActionSource = {
    describe: async () => new Map(),
    canRead: async () => true,
    canEdit: async () => true,
    locationOf: async (_ex, id) => (id === 7 ? 55 : null),
  };

  it('a stand-alone action needs a location (German message on the field)', async () => {
    const error = await errorOf(
      actionLocation(ex, undefined, { sourceType: 'general', sourceId: 0, locationId: null }),
    );
    expect(error.code).toBe('INPUT_VALIDATION_ERROR');
    expect(error.details).toEqual([{ path: ['body', 'locationId'], message: 'Bitte wählen Sie einen Ort.' }]);
    expect(await actionLocation(ex, undefined, { sourceType: 'general', sourceId: 0, locationId: 3 })).toBe(
      3,
    );
  });

  it('a source with a location gives its own; the input’s is ignored', async () => {
    expect(await actionLocation(ex, located, { sourceType: 'hazard', sourceId: 7, locationId: 3 })).toBe(55);
    expect(
      await actionLocation(ex, located, { sourceType: 'hazard', sourceId: 8, locationId: 3 }),
    ).toBeNull();
  });

  it('a source without locations keeps the input’s (also none)', async () => {
    const { locationOf: _, ...plain } = located;
    expect(await actionLocation(ex, plain, { sourceType: 'hazard', sourceId: 7, locationId: 3 })).toBe(3);
    expect(
      await actionLocation(ex, plain, { sourceType: 'hazard', sourceId: 7, locationId: null }),
    ).toBeNull();
  });
});

describe('references', () => {
  const repository = (employees: number[], locations: number[]) => ({
    employeesInPortal: async (_ex: Executor, portalId: number, ids: readonly number[]) =>
      new Set(portalId === 1 ? ids.filter((id) => employees.includes(id)) : []),
    locationInPortal: async (_ex: Executor, portalId: number, id: number) =>
      portalId === 1 && locations.includes(id),
  });

  it('passes when every person and the location exist in the portal', async () => {
    const input = createActionSchema.parse({
      ...base,
      locationId: 5,
      executorKind: 'employee',
      executorId: 30,
      participantIds: [31],
      observerIds: [32],
      affectedIds: [33],
    });
    await expect(
      checkReferences(repository([20, 30, 31, 32, 33], [5]), ex, 1, input),
    ).resolves.toBeUndefined();
  });

  it('names every missing reference with its field path', async () => {
    const input = createActionSchema.parse({
      ...base,
      locationId: 6,
      executorKind: 'employee',
      executorId: 30,
      effectiveness: 'effective',
      effectivenessCheckedOn: '2026-03-01',
      effectivenessCheckedById: 40,
      participantIds: [31, 99],
    });
    const error = await errorOf(checkReferences(repository([20, 31], [5]), ex, 1, input));
    expect(error.code).toBe('INPUT_VALIDATION_ERROR');
    expect(error.details).toEqual([
      { path: ['body', 'executorId'], message: 'Diese Person gibt es (in diesem Portal) nicht.' },
      {
        path: ['body', 'effectivenessCheckedById'],
        message: 'Diese Person gibt es (in diesem Portal) nicht.',
      },
      { path: ['body', 'participantIds'], message: 'Mindestens eine gewählte Person gibt es nicht.' },
      { path: ['body', 'locationId'], message: 'Diesen Ort gibt es nicht.' },
    ]);
  });

  it('people of another portal do not count', async () => {
    const input = createActionSchema.parse({ ...base, locationId: 5 });
    const error = await errorOf(checkReferences(repository([20], [5]), ex, 2, input));
    expect(error.details).toEqual([
      { path: ['body', 'responsibleId'], message: 'Diese Person gibt es (in diesem Portal) nicht.' },
      { path: ['body', 'locationId'], message: 'Diesen Ort gibt es nicht.' },
    ]);
  });
});

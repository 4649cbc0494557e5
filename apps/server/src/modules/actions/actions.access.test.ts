import { P } from '@schutzwerk/shared/permissions.ts';
import { describe, expect, it } from 'vitest';
import type { Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { fakeActor } from '#test/fake-actor.ts';
import { type ActionSource, createActionSources } from './action-sources.ts';
import { createActionAccess } from './actions.access.ts';
import type { ActionRecord, ActionsRepository } from './actions.repository.ts';
import { generalActionSource } from './general-source.ts';

/** The reading and writing rights of actions against fakes: no database involved. */

const ME = 10;
const ex = {} as Executor;

function actor(permissions: number[], portalId = 1): Actor {
  return fakeActor({ employeeId: ME, portalId, isMainPortal: true, permissions });
}

function action(fields: Partial<ActionRecord> = {}): ActionRecord {
  return {
    id: 1,
    portalId: 1,
    sourceType: 'general',
    sourceId: 0,
    locationId: 100,
    designation: 'Gehörschutz bereitstellen',
    description: '',
    type: null,
    dueDate: null,
    done: false,
    doneAt: null,
    doneBy: null,
    responsibleId: 20,
    executorId: null,
    externalExecutor: null,
    informational: false,
    immediateFlags: 0,
    effectiveness: 'notChecked',
    effectivenessCheckedOn: null,
    effectivenessCheckedBy: null,
    version: 1,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...fields,
  };
}

/**
 * `people`: action id → employees named on it (participant/observer/affected); `owned`: the locations of
 * the caller's area (sub-locations included); `hazard`: what the 'hazard' source answers.
 */
function setup(
  options: {
    people?: Record<number, number[]>;
    owned?: number[];
    hazard?: { read: boolean; edit: boolean };
  } = {},
) {
  const sources = createActionSources();
  sources.register('general', generalActionSource);
  const hazard = options.hazard;
  if (hazard) {
    const source: ActionSource = {
      describe: async () => new Map(),
      canRead: async () => hazard.read,
      canEdit: async () => hazard.edit,
    };
    sources.register('hazard', source);
  }
  const ownedAsked: number[] = [];
  const repository = {
    isPersonOfAction: async (_ex: Executor, actionId: number, employeeId: number) =>
      (options.people?.[actionId] ?? []).includes(employeeId),
  } as unknown as ActionsRepository;
  const access = createActionAccess({
    repository,
    sources,
    ownedLocations: async (_ex, employeeId) => {
      ownedAsked.push(employeeId);
      return new Set(options.owned ?? []);
    },
  });
  return { access, ownedAsked };
}

describe('reading an action', () => {
  it('ACTIONS_ALL reads every action of its own portal, none of another portal', async () => {
    const { access } = setup();
    expect(await access.canRead(ex, actor([P.ACTIONS_ALL]), action())).toBe(true);
    expect(await access.canRead(ex, actor([P.ACTIONS_ALL]), action({ portalId: 2 }))).toBe(false);
  });

  it('the involved read it: responsible, executor, participant/observer/affected — others do not', async () => {
    const { access } = setup({ people: { 1: [ME] } });
    const own = actor([P.ACTIONS_OWN]);
    expect(await access.canRead(ex, own, action({ id: 2, responsibleId: ME }))).toBe(true);
    expect(await access.canRead(ex, own, action({ id: 2, executorId: ME }))).toBe(true);
    expect(await access.canRead(ex, own, action({ id: 1 }))).toBe(true);
    expect(await access.canRead(ex, own, action({ id: 2 }))).toBe(false);
    expect(await access.canRead(ex, own, action({ id: 2, responsibleId: ME, portalId: 2 }))).toBe(false);
  });

  it('ACTIONS_AREA reads actions at locations of its area; without the right the area does not count', async () => {
    const { access } = setup({ owned: [100, 101] });
    expect(await access.canRead(ex, actor([P.ACTIONS_AREA]), action({ locationId: 101 }))).toBe(true);
    expect(await access.canRead(ex, actor([P.ACTIONS_AREA]), action({ locationId: 300 }))).toBe(false);
    expect(await access.canRead(ex, actor([P.ACTIONS_AREA]), action({ locationId: null }))).toBe(false);
    expect(await access.canRead(ex, actor([P.ACTIONS_OWN]), action({ locationId: 101 }))).toBe(false);
  });

  it('a registered source may grant reading its records’ actions; the general source grants nothing', async () => {
    const granting = setup({ hazard: { read: true, edit: false } });
    expect(await granting.access.canRead(ex, actor([]), action({ sourceType: 'hazard', sourceId: 7 }))).toBe(
      true,
    );
    const denying = setup({ hazard: { read: false, edit: false } });
    expect(await denying.access.canRead(ex, actor([]), action({ sourceType: 'hazard', sourceId: 7 }))).toBe(
      false,
    );
    // an unregistered source type is denied
    expect(await granting.access.canRead(ex, actor([]), action({ sourceType: 'unknown' }))).toBe(false);
    expect(await granting.access.canRead(ex, actor([]), action())).toBe(false);
  });
});

describe('the list scope', () => {
  it('ACTIONS_ALL: the whole portal, without asking for the area', async () => {
    const { access, ownedAsked } = setup({ owned: [100] });
    expect(await access.readScope(ex, actor([P.ACTIONS_ALL, P.ACTIONS_AREA], 3))).toEqual({
      portalId: 3,
      all: true,
    });
    expect(ownedAsked).toEqual([]);
  });

  it('ACTIONS_AREA: own actions plus the area’s locations; otherwise own actions only', async () => {
    const { access, ownedAsked } = setup({ owned: [100, 101] });
    expect(await access.readScope(ex, actor([P.ACTIONS_AREA]))).toEqual({
      portalId: 1,
      all: false,
      employeeId: ME,
      locationIds: [100, 101],
    });
    expect(ownedAsked).toEqual([ME]);
    expect(await access.readScope(ex, actor([P.ACTIONS_OWN]))).toEqual({
      portalId: 1,
      all: false,
      employeeId: ME,
      locationIds: [],
    });
    expect(ownedAsked).toEqual([ME]);
  });
});

describe('writing an action', () => {
  const general = { sourceType: 'general', sourceId: 0, locationId: 100, responsibleId: 20 };

  it('needs one of the given rights', async () => {
    const { access } = setup();
    expect(await access.canWrite(ex, actor([P.ACTIONS_ALL]), general, [P.ACTIONS_EDIT])).toBe(false);
    expect(await access.canWrite(ex, actor([P.ACTIONS_ALL, P.ACTIONS_EDIT]), general, [P.ACTIONS_EDIT])).toBe(
      true,
    );
    expect(
      await access.canWrite(ex, actor([P.ACTIONS_ALL, P.ACTIONS_COMPLETE]), general, [
        P.ACTIONS_EDIT,
        P.ACTIONS_COMPLETE,
      ]),
    ).toBe(true);
  });

  it('stand-alone actions: ACTIONS_ALL, a location of one’s area, or being responsible', async () => {
    const { access } = setup({ owned: [100] });
    const edit = [P.ACTIONS_EDIT];
    expect(await access.canWrite(ex, actor([P.ACTIONS_EDIT]), general, edit)).toBe(false);
    expect(await access.canWrite(ex, actor([P.ACTIONS_EDIT, P.ACTIONS_AREA]), general, edit)).toBe(true);
    expect(
      await access.canWrite(ex, actor([P.ACTIONS_EDIT, P.ACTIONS_AREA]), { ...general, locationId: 5 }, edit),
    ).toBe(false);
    expect(await access.canWrite(ex, actor([P.ACTIONS_EDIT]), { ...general, responsibleId: ME }, edit)).toBe(
      true,
    );
  });

  it('actions of a source: the source decides (no location scope); unknown sources are denied', async () => {
    const target = { sourceType: 'hazard', sourceId: 7, locationId: 5, responsibleId: 20 };
    const edit = [P.ACTIONS_EDIT];
    expect(
      await setup({ hazard: { read: true, edit: true } }).access.canWrite(ex, actor(edit), target, edit),
    ).toBe(true);
    expect(
      await setup({ hazard: { read: true, edit: false } }).access.canWrite(
        ex,
        actor([P.ACTIONS_EDIT, P.ACTIONS_ALL]),
        target,
        edit,
      ),
    ).toBe(false);
    expect(await setup().access.canWrite(ex, actor([P.ACTIONS_EDIT, P.ACTIONS_ALL]), target, edit)).toBe(
      false,
    );
  });
});

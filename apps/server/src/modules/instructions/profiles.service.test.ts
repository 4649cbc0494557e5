import { describe, expect, it } from 'vitest';
import type { Db } from '#db/client.ts';
import { AppError } from '#platform/errors.ts';
import { fakeActor } from '#test/fake-actor.ts';
import type {
  ProfileRecord,
  ProfileSource,
  ProfilesRepository,
  ReconcileScope,
} from './profiles.repository.ts';
import { createProfilesService } from './profiles.service.ts';

/**
 * The profile rules against an in-memory repository: what a source may name, "in use" blocks deleting, the
 * stale version, and that every save reconciles the portal while an employee change reconciles the employee.
 */
function setup() {
  const profiles = new Map<number, ProfileRecord>();
  const sources = new Map<number, ProfileSource[]>();
  const reconciled: ReconcileScope[] = [];
  let nextId = 1;
  const nodes = new Map([
    [10, false], // an ordinary activity of portal 1
    [11, true], // a role of portal 1
  ]);
  const repository = {
    lockPortal: async () => {},
    find: async (_ex: unknown, id: number) => profiles.get(id),
    topicsOf: async () => [],
    sourcesOf: async (_ex: unknown, id: number) =>
      (sources.get(id) ?? []).map((s) => ({ ...s, name: `#${s.id}` })),
    employeeCount: async () => 0,
    labelTaken: async (_ex: unknown, portalId: number, label: string, exceptId?: number) =>
      [...profiles.values()].some(
        (p) => p.portalId === portalId && p.label.toLowerCase() === label.toLowerCase() && p.id !== exceptId,
      ),
    topicIdsOfPortal: async (_ex: unknown, _portalId: number, ids: readonly number[]) =>
      ids.filter((id) => id < 100),
    activitiesOfPortal: async (_ex: unknown, _portalId: number, ids: readonly number[]) =>
      ids.filter((id) => nodes.has(id)).map((id) => ({ id, isRole: nodes.get(id)! })),
    locationIdsOfPortal: async (_ex: unknown, _portalId: number, ids: readonly number[]) =>
      ids.filter((id) => id === 20),
    departmentIdsOfPortal: async (_ex: unknown, _portalId: number, ids: readonly number[]) =>
      ids.filter((id) => id === 30),
    insert: async (
      _ex: unknown,
      values: { portalId: number; label: string; description: string; includeSubUnits: boolean },
    ) => {
      const id = nextId++;
      const now = new Date();
      profiles.set(id, { id, ...values, version: 1, createdAt: now, updatedAt: now });
      return id;
    },
    updateVersioned: async (
      _ex: unknown,
      id: number,
      version: number,
      patch: { label: string; description: string },
    ) => {
      const row = profiles.get(id);
      if (!row || row.version !== version) return false;
      profiles.set(id, { ...row, ...patch, version: version + 1 });
      return true;
    },
    deleteVersioned: async (_ex: unknown, id: number, version: number) =>
      profiles.get(id)?.version === version && profiles.delete(id),
    replaceTopics: async () => {},
    replaceSources: async (_ex: unknown, id: number, list: readonly ProfileSource[]) => {
      sources.set(id, [...list]);
    },
    sourceCount: async (_ex: unknown, id: number) => sources.get(id)?.length ?? 0,
    reconcile: async (_ex: unknown, scope: ReconcileScope) => {
      reconciled.push(scope);
      return { created: 0, removed: 0 };
    },
    logChange: async () => {},
  } as unknown as ProfilesRepository;
  const db = { transaction: async <T>(fn: (tx: unknown) => Promise<T>) => fn({}) } as unknown as Db;
  const service = createProfilesService({
    db,
    repository,
    assignments: { list: async () => ({ rows: [], filteredCount: 0 }) },
  });
  return { service, reconciled, sources };
}

const actor = fakeActor({ portalId: 1 });
const code = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe('profiles service', () => {
  it('takes activities as activities and roles as roles only; units of the portal only', async () => {
    const { service, sources } = setup();
    const saved = await service.create(actor, {
      label: 'Lager',
      sources: [
        { kind: 'activity', id: 10 },
        { kind: 'role', id: 11 },
        { kind: 'location', id: 20 },
        { kind: 'department', id: 30 },
        { kind: 'department', id: 30 },
      ],
    });
    expect(sources.get(saved.profile.id)).toHaveLength(4);
    expect(await code(service.create(actor, { label: 'A', sources: [{ kind: 'activity', id: 11 }] }))).toBe(
      'PROFILE_SOURCE_INVALID',
    );
    expect(await code(service.create(actor, { label: 'B', sources: [{ kind: 'role', id: 10 }] }))).toBe(
      'PROFILE_SOURCE_INVALID',
    );
    expect(await code(service.create(actor, { label: 'C', sources: [{ kind: 'location', id: 21 }] }))).toBe(
      'PROFILE_SOURCE_INVALID',
    );
    expect(await code(service.create(actor, { label: 'D', topicIds: [100] }))).toBe('PROFILE_TOPIC_INVALID');
    expect(await code(service.create(actor, { label: 'lager' }))).toBe('PROFILE_LABEL_EXISTS');
  });

  it('reconciles the portal on every save and the employees on a change of theirs', async () => {
    const { service, reconciled } = setup();
    const saved = await service.create(actor, { label: 'Büro' });
    await service.update(actor, saved.profile.id, {
      version: 1,
      label: 'Büro',
      description: '',
      topicIds: [],
      sources: [],
    });
    await service.employeesChanged({} as never, { employeeIds: [5, 6], actorId: null });
    expect(reconciled).toEqual([{ portalId: 1 }, { portalId: 1 }, { employeeIds: [5, 6] }]);
  });

  it('refuses a stale version, deleting a profile in use, and another portal’s profile', async () => {
    const { service } = setup();
    const saved = await service.create(actor, {
      label: 'Werkstatt',
      sources: [{ kind: 'activity', id: 10 }],
    });
    const id = saved.profile.id;
    const body = { label: 'Werkstatt', description: '', topicIds: [], sources: [] };
    expect(await code(service.update(actor, id, { ...body, version: 7 }))).toBe('CONFLICT');
    expect(await code(service.remove(actor, id, 1))).toBe('PROFILE_IN_USE');
    expect(await code(service.get(fakeActor({ portalId: 2 }), id))).toBe('NOT_FOUND');
    await service.update(actor, id, { ...body, version: 1 });
    expect(await code(service.remove(actor, id, 1))).toBe('CONFLICT');
    expect(await code(service.remove(actor, id, 2))).toBe('ok');
  });
});

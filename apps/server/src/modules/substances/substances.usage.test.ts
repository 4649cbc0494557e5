import { describe, expect, it } from 'vitest';
import type { Executor } from '#db/client.ts';
import { fakeActor } from '#test/fake-actor.ts';
import { createSubstanceUsageRegistry, type SubstanceUsageSource } from './substances.usage.ts';

const ex = {} as Executor;
const source = (
  counts: Record<number, number>,
  blocks: SubstanceUsageSource['blocks'],
): SubstanceUsageSource => ({
  blocks,
  count: async (_ex, id) => counts[id] ?? 0,
  reason: (n, block) => `${block}:${n}`,
  visible: async (_ex, _actor, id) =>
    (counts[id] ?? 0) > 0
      ? [{ partId: 7, title: 'Lackierkabine', detail: 'Dämpfe', path: '/hazardanalysis/1', versionNumber: 1 }]
      : [],
});

describe('substance usage registry (decision 054)', () => {
  it('refuses only the operations a source blocks, with its text, and nothing for unused substances', async () => {
    const registry = createSubstanceUsageRegistry();
    registry.register('hazard', source({ 1: 3 }, ['delete']));
    expect(await registry.refusal(ex, 1, 'delete')).toBe('delete:3');
    expect(await registry.refusal(ex, 1, 'deactivate')).toBeNull();
    expect(await registry.refusal(ex, 2, 'delete')).toBeNull();
  });

  it('lists the visible uses with their source and counts the others', async () => {
    const registry = createSubstanceUsageRegistry();
    registry.register('hazard', source({ 1: 3 }, ['deactivate', 'delete']));
    const list = await registry.list(ex, fakeActor({}), 1);
    expect(list.rows).toEqual([
      {
        source: 'hazard',
        partId: 7,
        title: 'Lackierkabine',
        detail: 'Dämpfe',
        path: '/hazardanalysis/1',
        versionNumber: 1,
      },
    ]);
    expect(list.hiddenCount).toBe(2);
  });

  it('takes each source once', () => {
    const registry = createSubstanceUsageRegistry();
    registry.register('hazard', source({}, ['delete']));
    expect(() => registry.register('hazard', source({}, ['delete']))).toThrow(/twice/);
  });
});

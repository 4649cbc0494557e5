import { describe, expect, it } from 'vitest';
import type { Executor } from '#db/client.ts';
import { AppError } from '#platform/errors.ts';
import { dropHazardActions, factorsDiffer, namedRatings, sameHazards } from './hazard-analysis.hazards.ts';
import type { HazardActionsPort } from './hazard-analysis.ports.ts';

const stored = { probabilityBefore: 3, severityBefore: 2, probabilityAfter: 1, severityAfter: 1 };

describe('hazard rules', () => {
  it('a rating left out keeps the stored one, null clears it, a value replaces it', () => {
    expect(namedRatings(stored, undefined, undefined)).toEqual(stored);
    expect(namedRatings(stored, null, undefined)).toEqual({
      ...stored,
      probabilityBefore: null,
      severityBefore: null,
    });
    expect(namedRatings(stored, undefined, { probability: 4, severity: 3 })).toEqual({
      ...stored,
      probabilityAfter: 4,
      severityAfter: 3,
    });
  });

  it('a new order must name exactly the current hazards', () => {
    expect(sameHazards([1, 2, 3], [3, 1, 2])).toBe(true);
    expect(sameHazards([1, 2, 3], [1, 2])).toBe(false);
    expect(sameHazards([1, 2, 3], [1, 2, 4])).toBe(false);
    expect(sameHazards([1, 2], [1, 1])).toBe(false);
  });

  it('factor lists differ by content or order', () => {
    expect(factorsDiffer([1, 2], [1, 2])).toBe(false);
    expect(factorsDiffer([1, 2], [2, 1])).toBe(true);
    expect(factorsDiffer([1, 2], [1])).toBe(true);
  });
});

describe('dropHazardActions with a fake actions port', () => {
  const tx = {} as Executor;
  const refusal = (done: number) => new AppError('HAZARD_HAS_DONE_ACTIONS', { message: `${done} erledigt` });

  function port(counts: Record<number, { total: number; done: number }>, doneMeanwhile = 0) {
    const deleted: number[] = [];
    let reads = 0;
    const actions = {
      async countsOfSources(_ex: Executor, source: string, ids: readonly number[]) {
        expect(source).toBe('hazard');
        reads++;
        const out = new Map<number, { total: number; done: number }>();
        for (const id of ids) {
          const c = counts[id];
          if (!c) continue;
          // After the delete only the actions marked done meanwhile are left.
          out.set(id, reads === 1 ? c : { total: doneMeanwhile, done: doneMeanwhile });
        }
        return out;
      },
      async deleteOpenOfSource(_ex: Executor, _actorId: number, _source: string, id: number) {
        deleted.push(id);
        return (counts[id]?.total ?? 0) - (counts[id]?.done ?? 0);
      },
    } as unknown as HazardActionsPort;
    return { actions, deleted };
  }

  it('deletes the open actions of the hazards that have any and answers how many', async () => {
    const { actions, deleted } = port({ 1: { total: 2, done: 0 }, 3: { total: 1, done: 0 } });
    const hazards = [
      { id: 1, title: 'A' },
      { id: 2, title: 'B' },
      { id: 3, title: 'C' },
    ];
    expect(await dropHazardActions(actions, tx, 7, hazards, refusal)).toBe(3);
    expect(deleted).toEqual([1, 3]);
  });

  it('refuses with the number of done actions and deletes nothing', async () => {
    const { actions, deleted } = port({ 1: { total: 3, done: 2 }, 2: { total: 1, done: 1 } });
    await expect(
      dropHazardActions(
        actions,
        tx,
        7,
        [
          { id: 1, title: 'A' },
          { id: 2, title: 'B' },
        ],
        refusal,
      ),
    ).rejects.toMatchObject({ code: 'HAZARD_HAS_DONE_ACTIONS', message: '3 erledigt' });
    expect(deleted).toEqual([]);
  });

  it('refuses too when an action was marked done between the count and the delete', async () => {
    const { actions } = port({ 1: { total: 2, done: 0 } }, 1);
    await expect(dropHazardActions(actions, tx, 7, [{ id: 1, title: 'A' }], refusal)).rejects.toMatchObject({
      message: '1 erledigt',
    });
  });

  it('without the actions module there is nothing to drop', async () => {
    expect(await dropHazardActions(undefined, tx, 7, [{ id: 1, title: 'A' }], refusal)).toBe(0);
  });
});

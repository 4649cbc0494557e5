import { describe, expect, it } from 'vitest';
import { changedDraftFields, rebaseDraft, sameDraftValue } from './draft-rebase.ts';

describe('draft rebase', () => {
  const old = { title: 'A', riskFrom: '1', actions: [{ uid: 'x', a: 'S1' }], owner: { id: 1, name: 'Alt' } };

  it('keeps what the user changed and takes everything else from the newest state', () => {
    const mine = { ...old, title: 'Mein Titel' };
    const fresh = { ...old, riskFrom: '3', actions: [{ uid: 'y', a: 'T1' }] };
    expect(rebaseDraft(mine, old, fresh)).toEqual({ ...fresh, title: 'Mein Titel' });
  });

  it('ignores form-only row keys and compares fields through `comparable`', () => {
    expect(sameDraftValue([{ uid: 'a', a: 1 }], [{ uid: 'b', a: 1 }])).toBe(true);
    const renamed = { ...old, owner: { id: 1, name: 'Neu' } };
    const byId = { comparable: (f: string, v: unknown) => (f === 'owner' ? (v as { id: number }).id : v) };
    expect(changedDraftFields(renamed, old, byId)).toEqual([]);
    expect(changedDraftFields(renamed, old)).toEqual(['owner']);
  });

  it('applies additions and removals to the newest list when lists are sets', () => {
    const base = { rights: [1, 2, 3] };
    const mine = { rights: [1, 3, 4] };
    const fresh = { rights: [1, 2, 3, 5] };
    expect(rebaseDraft(mine, base, fresh, { arraysAsSets: true })).toEqual({ rights: [1, 3, 5, 4] });
    expect(rebaseDraft(mine, base, fresh)).toEqual({ rights: [1, 3, 4] });
  });

  it('merges fixed-size arrays entry by entry when asked (a matrix: my cell and their cell both stay)', () => {
    const base = {
      cells: [
        [1, 2],
        [3, 4],
      ],
      name: 'A',
    };
    const mine = {
      cells: [
        [9, 2],
        [3, 4],
      ],
      name: 'A',
    };
    const fresh = {
      cells: [
        [1, 2],
        [3, 8],
      ],
      name: 'B',
    };
    expect(rebaseDraft(mine, base, fresh, { byPosition: ['cells'] })).toEqual({
      cells: [
        [9, 2],
        [3, 8],
      ],
      name: 'B',
    });
    expect(rebaseDraft(mine, base, fresh)).toEqual({
      cells: [
        [9, 2],
        [3, 4],
      ],
      name: 'B',
    });
    // Sizes differ: the user's changed value wins as a whole.
    const grown = {
      cells: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      name: 'A',
    };
    expect(rebaseDraft(mine, base, grown, { byPosition: ['cells'] }).cells).toEqual(mine.cells);
  });
});

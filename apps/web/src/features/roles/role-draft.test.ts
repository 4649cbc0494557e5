import { describe, expect, it } from 'vitest';
import { draftFromRole, isDraftDirty, rebaseDraft } from './role-draft.ts';

describe('role draft', () => {
  const base = draftFromRole({ name: 'Lager', description: 'alt', permissions: [3, 1, 2] });

  it('normalises the permission list', () => {
    expect(base.permissions).toEqual([1, 2, 3]);
  });

  it('is dirty only when something differs', () => {
    expect(isDraftDirty({ ...base, permissions: [3, 2, 1] }, base)).toBe(false);
    expect(isDraftDirty({ ...base, name: 'Lager 2' }, base)).toBe(true);
    expect(isDraftDirty({ ...base, permissions: [1, 2] }, base)).toBe(true);
  });

  it('keeps the user edits and takes the rest from the newer state', () => {
    const mine = { name: 'Lager (neu)', description: 'alt', permissions: [1, 3, 4] }; // removed 2, added 4
    const theirs = draftFromRole({ name: 'Lager', description: 'neu von B', permissions: [1, 2, 3, 5] });
    expect(rebaseDraft(mine, base, theirs)).toEqual({
      name: 'Lager (neu)',
      description: 'neu von B',
      permissions: [1, 3, 4, 5],
    });
  });
});

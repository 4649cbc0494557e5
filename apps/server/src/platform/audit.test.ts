import { describe, expect, it } from 'vitest';
import { diffFields } from './audit.ts';

describe('diffFields', () => {
  it('lists only changed fields that were given', () => {
    const before = { name: 'A', description: 'x', permissions: [1, 2] };
    expect(
      diffFields(before, { name: 'B', permissions: [2, 1] }, ['name', 'description', 'permissions']),
    ).toEqual({
      name: { from: 'A', to: 'B' },
    });
  });

  it('detects set changes', () => {
    expect(diffFields({ p: [1] }, { p: [1, 3] }, ['p'])).toEqual({ p: { from: [1], to: [1, 3] } });
  });
});

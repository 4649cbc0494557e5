import { describe, expect, it } from 'vitest';
import type { ActivityBrief } from './activities.repository.ts';
import { assignmentRevision, pathResolver } from './activities.service.ts';

const brief = (id: number, parentId: number | null, name: string): ActivityBrief => ({
  id,
  parentId,
  name,
  isSystem: false,
  isRole: false,
  isRoleBase: false,
});

describe('pathResolver', () => {
  const briefs = new Map(
    [brief(1, null, 'Produktion'), brief(2, 1, 'Umgang mit Gefahrstoffen'), brief(3, 2, 'KMR')].map((b) => [
      b.id,
      b,
    ]),
  );
  it('joins the ancestors top down', () => {
    expect(pathResolver(briefs)(3)).toBe('Produktion › Umgang mit Gefahrstoffen');
    expect(pathResolver(briefs)(1)).toBe('');
  });
});

describe('assignmentRevision', () => {
  it('depends on the set only, not on order or duplicates', () => {
    expect(assignmentRevision([3, 1, 2])).toBe(assignmentRevision([1, 2, 3, 3]));
    expect(assignmentRevision([1, 2])).not.toBe(assignmentRevision([1, 2, 3]));
    expect(assignmentRevision([])).toMatch(/^[0-9a-f]{16}$/);
  });
});

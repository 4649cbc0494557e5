import type { Activity } from '@schutzwerk/shared/activities/activity.schema.ts';
import { describe, expect, it } from 'vitest';
import { designationsFromText, draftFromActivity, isDraftDirty, rebaseDraft } from './activity-draft.ts';

const activity: Activity = {
  id: 1,
  parentId: null,
  name: 'Labortätigkeit',
  description: '',
  designations: ['Chemielaborant', 'CTA'],
  isSystem: false,
  isRole: false,
  isRoleBase: false,
  path: [],
  childCount: 0,
  employeeCount: 0,
  version: 1,
  createdAt: '2026-11-22T06:00:00.000Z',
  updatedAt: '2026-11-22T06:00:00.000Z',
};

describe('activity draft', () => {
  it('edits designations one per line', () => {
    expect(draftFromActivity(activity).designations).toBe('Chemielaborant\nCTA');
    expect(designationsFromText(' Laborant \n\ncta\nCTA ')).toEqual(['Laborant', 'cta']);
  });

  it('is dirty only for changes the server would keep', () => {
    const base = draftFromActivity(activity);
    expect(isDraftDirty({ ...base, name: ' Labortätigkeit ' }, base)).toBe(false);
    expect(isDraftDirty({ ...base, designations: 'Chemielaborant\n\nCTA\n' }, base)).toBe(false);
    expect(isDraftDirty({ ...base, designations: 'CTA' }, base)).toBe(true);
  });

  it('keeps the fields the user changed when rebasing onto a newer version', () => {
    const oldBase = draftFromActivity(activity);
    const newBase = { ...oldBase, name: 'Laborarbeit', description: 'neu' };
    const draft = { ...oldBase, description: 'meine Beschreibung' };
    expect(rebaseDraft(draft, oldBase, newBase)).toEqual({
      name: 'Laborarbeit',
      description: 'meine Beschreibung',
      designations: oldBase.designations,
    });
  });
});

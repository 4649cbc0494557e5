import { describe, expect, it } from 'vitest';
import { isProfileDraftDirty, type ProfileDraft, profileUpdateOf, withSource } from './profile-draft.ts';

const base: ProfileDraft = {
  label: 'Lager',
  description: '',
  includeSubUnits: true,
  topics: [
    { id: 1, identifier: 'U-01', label: 'Allgemein' },
    { id: 2, identifier: 'U-02', label: 'Brandschutz' },
  ],
  sources: [{ kind: 'activity', id: 7, name: 'Staplerfahrer' }],
};

describe('profile draft', () => {
  it('is dirty on a changed field, topic set or source set, not on another order', () => {
    expect(isProfileDraftDirty({ ...base, topics: [...base.topics].reverse() }, base)).toBe(false);
    expect(isProfileDraftDirty({ ...base, label: 'Lager 2' }, base)).toBe(true);
    expect(isProfileDraftDirty({ ...base, includeSubUnits: false }, base)).toBe(true);
    expect(isProfileDraftDirty({ ...base, topics: base.topics.slice(1) }, base)).toBe(true);
    expect(isProfileDraftDirty({ ...base, sources: [{ kind: 'role', id: 7, name: 'x' }] }, base)).toBe(true);
  });

  it('adds a source once and sends ids only', () => {
    const same = withSource(base.sources, { kind: 'activity', id: 7, name: 'Staplerfahrer' });
    expect(same).toBe(base.sources);
    const more = withSource(base.sources, { kind: 'location', id: 7, name: 'Werk' });
    expect(profileUpdateOf({ ...base, sources: more }, 3)).toEqual({
      version: 3,
      label: 'Lager',
      description: '',
      includeSubUnits: true,
      topicIds: [1, 2],
      sources: [
        { kind: 'activity', id: 7 },
        { kind: 'location', id: 7 },
      ],
    });
  });
});

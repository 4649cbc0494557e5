import type { MatrixTopic, Profile, UpdateProfile } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import type { SourceChoice } from './components/source-picker.tsx';

/** A topic as the profile's topic field shows it. */
export type ProfileTopicChoice = Pick<MatrixTopic, 'id' | 'identifier' | 'label'>;

/** The editing state of a profile: its fields, topics and sources (decisions 040, 045). */
export type ProfileDraft = {
  label: string;
  description: string;
  /** „gilt auch für untergeordnete Einheiten“. */
  includeSubUnits: boolean;
  topics: ProfileTopicChoice[];
  sources: SourceChoice[];
};

export const profileDraftOf = (p: Profile): ProfileDraft => ({
  label: p.label,
  description: p.description,
  includeSubUnits: p.includeSubUnits,
  topics: p.topics,
  sources: p.sources,
});

const key = (s: { kind: string; id: number }) => `${s.kind}:${s.id}`;

export function isProfileDraftDirty(draft: ProfileDraft, base: ProfileDraft): boolean {
  const ids = (xs: { id: number }[]) =>
    xs
      .map((x) => x.id)
      .sort((a, b) => a - b)
      .join(',');
  const sources = (xs: SourceChoice[]) => xs.map(key).sort().join(',');
  return (
    draft.label !== base.label ||
    draft.description !== base.description ||
    draft.includeSubUnits !== base.includeSubUnits ||
    ids(draft.topics) !== ids(base.topics) ||
    sources(draft.sources) !== sources(base.sources)
  );
}

export const profileUpdateOf = (draft: ProfileDraft, version: number): UpdateProfile => ({
  version,
  label: draft.label,
  description: draft.description,
  includeSubUnits: draft.includeSubUnits,
  topicIds: draft.topics.map((t) => t.id),
  sources: draft.sources.map((s) => ({ kind: s.kind, id: s.id })),
});

/** Adds a source unless the profile has it already. */
export const withSource = (sources: SourceChoice[], next: SourceChoice): SourceChoice[] =>
  sources.some((s) => key(s) === key(next)) ? sources : [...sources, next];

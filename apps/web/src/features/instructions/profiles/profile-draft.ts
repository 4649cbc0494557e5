import type { MatrixTopic, Profile, UpdateProfile } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import type { SourceChoice } from './components/source-picker.tsx';

/** The editing state of a profile: its fields, topics and sources (decision 040). */
export type ProfileDraft = {
  label: string;
  description: string;
  topics: MatrixTopic[];
  sources: SourceChoice[];
};

export const profileDraftOf = (p: Profile): ProfileDraft => ({
  label: p.label,
  description: p.description,
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
    ids(draft.topics) !== ids(base.topics) ||
    sources(draft.sources) !== sources(base.sources)
  );
}

export const profileUpdateOf = (draft: ProfileDraft, version: number): UpdateProfile => ({
  version,
  label: draft.label,
  description: draft.description,
  topicIds: draft.topics.map((t) => t.id),
  sources: draft.sources.map((s) => ({ kind: s.kind, id: s.id })),
});

/** Adds a source unless the profile has it already. */
export const withSource = (sources: SourceChoice[], next: SourceChoice): SourceChoice[] =>
  sources.some((s) => key(s) === key(next)) ? sources : [...sources, next];

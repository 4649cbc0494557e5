import { describe, expect, it } from 'vitest';
import {
  COLLECTION_NEEDS_CHECKLIST,
  createCollectionSchema,
  updateQuestionnaireTypeSchema,
} from './questionnaires.schema.ts';

const seg = (key: number, parentKey: number | null) => ({
  key,
  parentKey,
  label: `S${key}`,
  segment: String(key),
  collectionId: 1,
  brickId: null,
});
const type = (segments: unknown[]) =>
  updateQuestionnaireTypeSchema.safeParse({
    version: 1,
    title: 'T',
    module: 'general',
    active: true,
    segments,
  });
const messages = (r: ReturnType<typeof type>) => r.error?.issues.map((i) => i.message) ?? [];

describe('questionnaire types and collections (decision 058)', () => {
  it('accepts a tree and refuses duplicate keys, missing parents and cycles', () => {
    expect(type([seg(1, null), seg(2, 1), seg(3, 2)]).success).toBe(true);
    expect(messages(type([seg(1, null), seg(1, null)]))).toEqual(['Doppeltes Segment.']);
    expect(messages(type([seg(1, 9)]))).toEqual(['Das übergeordnete Segment fehlt.']);
    expect(messages(type([seg(1, 2), seg(2, 1)]))).toContain(
      'Ein Segment kann nicht unter sich selbst liegen.',
    );
    expect(messages(type([seg(1, 1)]))).toEqual(['Ein Segment kann nicht unter sich selbst liegen.']);
  });

  it('keeps at least one checklist in a collection, each once', () => {
    const parse = (checklistIds: number[]) =>
      createCollectionSchema.safeParse({ label: 'C', module: 'general', checklistIds });
    expect(parse([1, 2]).success).toBe(true);
    expect(parse([]).error?.issues.map((i) => i.message)).toEqual([COLLECTION_NEEDS_CHECKLIST]);
    expect(parse([1, 1]).error?.issues.map((i) => i.message)).toEqual([
      'Jede Checkliste nur einmal aufnehmen.',
    ]);
  });
});

import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { describe, expect, it } from 'vitest';
import {
  emptyQuestionDraft,
  intervalDaysOf,
  isTopicDraftDirty,
  mandatoryCount,
  questionInputOf,
  topicDraftOf,
  topicUpdateOf,
} from './topic-draft.ts';

const topic: Topic = {
  id: 5,
  label: 'Brandschutz',
  number: '2',
  identifier: 'U-02',
  departmentId: 7,
  departmentName: 'Lager',
  dueDate: '2027-01-31',
  validFrom: null,
  validUntil: null,
  intervalDays: 400,
  mode: 3,
  minScore: 2,
  poolCount: null,
  durationDays: 365,
  minutes: 30,
  effectiveness: 1,
  inactive: false,
  released: true,
  parent: { id: 3, identifier: 'U-01', label: 'Allgemein', released: true },
  child: null,
  presentation: null,
  questions: [],
  version: 4,
};

describe('topic draft', () => {
  it('shows a custom interval as custom days and saves it back', () => {
    const draft = topicDraftOf(topic);
    expect(draft).toMatchObject({
      interval: 'custom',
      customValue: '400',
      customUnit: 'days',
      minScore: '2',
      poolCount: '',
    });
    expect(topicUpdateOf(draft, topic.version)).toMatchObject({
      version: 4,
      intervalDays: 400,
      departmentId: 7,
      parentId: 3,
      poolCount: null,
      dueDate: '2027-01-31',
      validFrom: null,
    });
  });

  it('uses the option days, drops the minimum score outside mode 3 and keeps bad numbers for the server', () => {
    const draft = { ...topicDraftOf(topic), interval: '365', mode: 1 as const, minutes: 'x' };
    const update = topicUpdateOf(draft, 1);
    expect(update.intervalDays).toBe(365);
    expect(update.minScore).toBeNull();
    expect(update.minutes).toBeNaN();
    expect(intervalDaysOf({ interval: 'custom', customValue: '', customUnit: 'days' })).toBeNaN();
    // A custom interval typed in months or years is stored in days (decision 045).
    expect(intervalDaysOf({ interval: 'custom', customValue: '18', customUnit: 'months' })).toBe(540);
    expect(intervalDaysOf({ interval: 'custom', customValue: '24', customUnit: 'months' })).toBe(730);
    expect(intervalDaysOf({ interval: 'custom', customValue: '6', customUnit: 'years' })).toBe(2190);
    expect(intervalDaysOf({ interval: 'custom', customValue: '1,5', customUnit: 'months' })).toBeNaN();
  });

  it('compares department and parent by id', () => {
    const base = topicDraftOf(topic);
    expect(isTopicDraftDirty({ ...base, department: { id: 7, name: 'anders' } }, base)).toBe(false);
    expect(isTopicDraftDirty({ ...base, parent: null }, base)).toBe(true);
  });

  it('counts mandatory questions and builds a question body with every field', () => {
    expect(mandatoryCount([{ mandatory: true }, { mandatory: false }, { mandatory: true }])).toBe(2);
    const body = questionInputOf({ ...emptyQuestionDraft(), text: 'Frage', slideFrom: '3' }, true);
    expect(body).toMatchObject({ text: 'Frage', slideFrom: 3, slideTo: null, raisePoolCount: true });
    expect(body.answers).toHaveLength(3);
  });
});

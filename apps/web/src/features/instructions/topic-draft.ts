import type {
  CreateQuestion,
  Question,
  Topic,
  UpdateTopic,
} from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { ANSWERS_MIN, TOPIC_INTERVAL_DAYS } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import {
  daysInUnit,
  type IntervalUnit,
  naturalUnit,
  unitToDays,
} from '@schutzwerk/shared/instructions/interval-format.ts';
import type { TreeChoice } from '#components/picker-field/tree-picker-field.tsx';

/** The chosen superior topic as the field shows it. */
export type TopicChoice = { id: number; identifier: string; label: string };

/**
 * The form's state of a topic: numbers as the text typed ('' = none), dates as yyyy-mm-dd ('' = none), the
 * interval as one of the spec's options or 'custom' with its value typed in a unit (days, months, years) and
 * converted to days on save (decision 045).
 */
export type TopicDraft = {
  label: string;
  number: string;
  identifier: string;
  department: TreeChoice | null;
  dueDate: string;
  validFrom: string;
  validUntil: string;
  /** A spec option ('0', '30', … '1825') or 'custom'. */
  interval: string;
  /** The custom interval as typed, in `customUnit`. */
  customValue: string;
  customUnit: Exclude<IntervalUnit, 'auto'>;
  mode: 1 | 3;
  minScore: string;
  poolCount: string;
  durationDays: string;
  minutes: string;
  effectiveness: 0 | 1 | 2;
  inactive: boolean;
  parent: TopicChoice | null;
};

const text = (n: number | null) => (n === null ? '' : String(n));
/** '' → null; anything else as a number (the server refuses what is not a whole number in range). */
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

export function topicDraftOf(topic: Topic): TopicDraft {
  const standard = TOPIC_INTERVAL_DAYS.includes(topic.intervalDays);
  return {
    label: topic.label,
    number: topic.number,
    identifier: topic.identifier,
    department:
      topic.departmentId === null ? null : { id: topic.departmentId, name: topic.departmentName ?? '' },
    dueDate: topic.dueDate ?? '',
    validFrom: topic.validFrom ?? '',
    validUntil: topic.validUntil ?? '',
    interval: standard ? String(topic.intervalDays) : 'custom',
    ...customOf(standard ? null : topic.intervalDays),
    mode: topic.mode,
    minScore: text(topic.minScore),
    poolCount: text(topic.poolCount),
    durationDays: text(topic.durationDays),
    minutes: text(topic.minutes),
    effectiveness: topic.effectiveness,
    inactive: topic.inactive,
    parent: topic.parent
      ? { id: topic.parent.id, identifier: topic.parent.identifier, label: topic.parent.label }
      : null,
  };
}

/** Whether two drafts differ in what is saved (the department and parent by id). */
export function isTopicDraftDirty(draft: TopicDraft, base: TopicDraft): boolean {
  const comparable = (d: TopicDraft) =>
    JSON.stringify({ ...d, department: d.department?.id ?? null, parent: d.parent?.id ?? null });
  return comparable(draft) !== comparable(base);
}

/** A custom interval of `days` in its natural unit (whole years, else whole months, else days). */
function customOf(days: number | null): Pick<TopicDraft, 'customValue' | 'customUnit'> {
  if (days === null) return { customValue: '', customUnit: 'days' };
  const unit = naturalUnit(days);
  return {
    customValue: String(daysInUnit(days, unit) ?? days),
    customUnit: daysInUnit(days, unit) === null ? 'days' : unit,
  };
}

/**
 * The days of the draft's interval: the option's, or the custom value typed converted from its unit (12 months
 * = 365 days, other months 30 days, a year 365 days); NaN when not a whole number.
 */
export function intervalDaysOf(draft: Pick<TopicDraft, 'interval' | 'customValue' | 'customUnit'>): number {
  if (draft.interval !== 'custom') return Number(draft.interval);
  const value = draft.customValue.trim() === '' ? Number.NaN : Number(draft.customValue);
  return Number.isInteger(value) ? unitToDays(value, draft.customUnit) : Number.NaN;
}

export function topicUpdateOf(draft: TopicDraft, version: number): UpdateTopic {
  return {
    version,
    label: draft.label,
    number: draft.number,
    identifier: draft.identifier,
    departmentId: draft.department?.id ?? null,
    dueDate: draft.dueDate || null,
    validFrom: draft.validFrom || null,
    validUntil: draft.validUntil || null,
    intervalDays: intervalDaysOf(draft),
    mode: draft.mode,
    minScore: draft.mode === 3 ? numberOrNull(draft.minScore) : null,
    poolCount: numberOrNull(draft.poolCount),
    durationDays: numberOrNull(draft.durationDays),
    minutes: numberOrNull(draft.minutes),
    effectiveness: draft.effectiveness,
    inactive: draft.inactive,
    parentId: draft.parent?.id ?? null,
  };
}

/** The number of mandatory questions, the least pool the topic may have. */
export function mandatoryCount(questions: readonly Pick<Question, 'mandatory'>[]): number {
  return questions.filter((q) => q.mandatory).length;
}

/** The form's state of a question (ranges as text). */
export type QuestionDraft = {
  text: string;
  answers: { text: string; right: boolean }[];
  mandatory: boolean;
  slideFrom: string;
  slideTo: string;
  pageFrom: string;
  pageTo: string;
  secondFrom: string;
  secondTo: string;
  rightMessage: string;
  wrongMessage: string;
};

export function emptyQuestionDraft(): QuestionDraft {
  return {
    text: '',
    answers: Array.from({ length: ANSWERS_MIN }, () => ({ text: '', right: false })),
    mandatory: false,
    slideFrom: '',
    slideTo: '',
    pageFrom: '',
    pageTo: '',
    secondFrom: '',
    secondTo: '',
    rightMessage: '',
    wrongMessage: '',
  };
}

export function questionDraftOf(q: Question): QuestionDraft {
  return {
    text: q.text,
    answers: q.answers.map((a) => ({ ...a })),
    mandatory: q.mandatory,
    slideFrom: text(q.slideFrom),
    slideTo: text(q.slideTo),
    pageFrom: text(q.pageFrom),
    pageTo: text(q.pageTo),
    secondFrom: text(q.secondFrom),
    secondTo: text(q.secondTo),
    rightMessage: q.rightMessage,
    wrongMessage: q.wrongMessage,
  };
}

/** The body of a question save (every field named, as the whole-record PUT needs). */
export function questionInputOf(draft: QuestionDraft, raisePoolCount: boolean): Required<CreateQuestion> {
  return {
    text: draft.text,
    answers: draft.answers,
    mandatory: draft.mandatory,
    slideFrom: numberOrNull(draft.slideFrom),
    slideTo: numberOrNull(draft.slideTo),
    pageFrom: numberOrNull(draft.pageFrom),
    pageTo: numberOrNull(draft.pageTo),
    secondFrom: numberOrNull(draft.secondFrom),
    secondTo: numberOrNull(draft.secondTo),
    rightMessage: draft.rightMessage,
    wrongMessage: draft.wrongMessage,
    raisePoolCount,
  };
}

import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { describe, expect, it } from 'vitest';
import type { Db } from '#db/client.ts';
import { fakeActor } from '#test/fake-actor.ts';
import type {
  InstructionsRepository,
  QuestionRecord,
  TopicInsert,
  TopicRecord,
} from './instructions.repository.ts';
import { createInstructionsService } from './instructions.service.ts';

/** An in-memory repository: topics and questions in maps, the change log in a list. */
function fakeRepository() {
  const topics = new Map<number, TopicRecord>();
  const questions = new Map<number, QuestionRecord>();
  const log: { entity: string; state: number }[] = [];
  let nextId = 1;
  const link = (t: TopicRecord) => ({
    id: t.id,
    identifier: t.identifier,
    label: t.label,
    released: t.released,
  });
  const repository = {
    hasScormPackage: async () => false,
    findTopic: async (_ex: unknown, id: number) => topics.get(id),
    identifierTaken: async (_ex: unknown, portalId: number, identifier: string, exceptId?: number) =>
      [...topics.values()].some(
        (t) =>
          t.portalId === portalId &&
          t.identifier.toLowerCase() === identifier.toLowerCase() &&
          t.id !== exceptId,
      ),
    departmentName: async () => undefined,
    link: async (_ex: unknown, id: number) => {
      const t = topics.get(id);
      return t ? link(t) : undefined;
    },
    child: async (_ex: unknown, parentId: number) => {
      const t = [...topics.values()].find((x) => x.parentId === parentId);
      return t ? link(t) : undefined;
    },
    chainUp: async (_ex: unknown, id: number) => {
      const ids: number[] = [];
      for (let t = topics.get(id); t; t = t.parentId === null ? undefined : topics.get(t.parentId))
        ids.push(t.id);
      return ids;
    },
    insertTopic: async (_ex: unknown, values: TopicInsert) => {
      const row = {
        id: nextId++,
        number: '',
        departmentId: null,
        dueDate: null,
        validFrom: null,
        validUntil: null,
        intervalDays: 365,
        mode: 1,
        minScore: null,
        poolCount: null,
        durationDays: null,
        minutes: null,
        effectiveness: 0,
        inactive: false,
        released: false,
        parentId: null,
        version: 1,
        createdAt: new Date(),
        updatedAt: new Date(),
        ...values,
      } as TopicRecord;
      topics.set(row.id, row);
      return row;
    },
    updateTopicVersioned: async (_ex: unknown, id: number, version: number, patch: Partial<TopicInsert>) => {
      const t = topics.get(id);
      if (!t || t.version !== version) return false;
      topics.set(id, { ...t, ...patch, version: version + 1 } as TopicRecord);
      return true;
    },
    questions: async (_ex: unknown, topicId: number) =>
      [...questions.values()].filter((q) => q.topicId === topicId),
    questionCounts: async (_ex: unknown, topicId: number) => {
      const list = [...questions.values()].filter((q) => q.topicId === topicId);
      return { total: list.length, mandatory: list.filter((q) => q.mandatory).length };
    },
    nextQuestionNumber: async (_ex: unknown, topicId: number) =>
      [...questions.values()].filter((q) => q.topicId === topicId).length + 1,
    insertQuestion: async (_ex: unknown, values: Partial<QuestionRecord>) => {
      const row = { id: nextId++, version: 1, ...values } as QuestionRecord;
      questions.set(row.id, row);
      return row;
    },
    logChange: async (_ex: unknown, entry: { entity: string; state: number }) => {
      log.push({ entity: entry.entity, state: entry.state });
    },
  };
  return { repository: repository as unknown as InstructionsRepository, topics, log };
}

const db = { transaction: async (work: (tx: unknown) => Promise<unknown>) => work({}) } as unknown as Db;
const admin = fakeActor({
  permissions: [P.TOPICS_CREATE, P.TOPICS_EDIT, P.TOPICS_RELEASE, P.TOPICS_QUESTIONS],
});
const answers = [
  { text: 'A', right: true },
  { text: 'B', right: false },
  { text: 'C', right: false },
];

/** The whole-record update body of a topic as the service answered it. */
function wholeOf(topic: Topic) {
  const { questions: _q, parent, child: _c, released: _r, departmentName: _d, id: _i, ...fields } = topic;
  return { ...fields, parentId: parent?.id ?? null };
}

function setUp() {
  const fake = fakeRepository();
  return { ...fake, service: createInstructionsService({ db, repository: fake.repository }) };
}

describe('instructions service (fakes)', () => {
  it('releases a chain from the top and locks it from the bottom', async () => {
    const { service } = setUp();
    const parent = await service.create(admin, { label: 'Oben', identifier: 'O' });
    const child = await service.create(admin, {
      label: 'Unten',
      identifier: 'U',
      parentId: parent.id,
      intervalDays: 0,
    });
    await service.createQuestion(admin, parent.id, { text: 'F', answers });
    await service.createQuestion(admin, child.id, { text: 'F', answers });
    await expect(service.setReleased(admin, child.id, 1, true)).rejects.toMatchObject({
      code: 'TOPIC_PARENT_LOCKED',
    });
    const p = await service.setReleased(admin, parent.id, 1, true);
    const c = await service.setReleased(admin, child.id, 1, true);
    await expect(service.setReleased(admin, parent.id, p.version, false)).rejects.toMatchObject({
      code: 'TOPIC_CHILD_RELEASED',
    });
    expect((await service.setReleased(admin, child.id, c.version, false)).released).toBe(false);
  });

  it('allows an interval only on the first topic and refuses a cycle', async () => {
    const { service } = setUp();
    const a = await service.create(admin, { label: 'A', identifier: 'A' });
    await expect(
      service.create(admin, { label: 'B', identifier: 'B', parentId: a.id }),
    ).rejects.toMatchObject({
      code: 'TOPIC_INTERVAL_NOT_FIRST',
    });
    const b = await service.create(admin, { label: 'B', identifier: 'B', parentId: a.id, intervalDays: 0 });
    await expect(
      service.update(admin, a.id, { ...wholeOf(a), parentId: b.id, intervalDays: 0 }),
    ).rejects.toMatchObject({ code: 'TOPIC_PARENT_INVALID' });
  });

  it('needs TOPICS_EFFECTIVENESS for the effectiveness and TOPICS_EDIT for the rest', async () => {
    const { service } = setUp();
    const topic = await service.create(admin, { label: 'T', identifier: 'T' });
    const fields = wholeOf(topic);
    const rater = fakeActor({ permissions: [P.TOPICS_EFFECTIVENESS] });
    await expect(service.update(rater, topic.id, { ...fields, label: 'X' })).rejects.toMatchObject({
      code: 'NO_PERMISSION',
    });
    await expect(service.update(admin, topic.id, { ...fields, effectiveness: 1 })).rejects.toMatchObject({
      code: 'NO_PERMISSION',
    });
    expect((await service.update(rater, topic.id, { ...fields, effectiveness: 1 })).effectiveness).toBe(1);
  });

  it('refuses a mandatory question beyond the pool unless asked to raise it, and logs what it did', async () => {
    const { service, topics, log } = setUp();
    const topic = await service.create(admin, { label: 'T', identifier: 'T', poolCount: 1 });
    await service.createQuestion(admin, topic.id, { text: 'F1', answers, mandatory: true });
    await expect(
      service.createQuestion(admin, topic.id, { text: 'F2', answers, mandatory: true }),
    ).rejects.toMatchObject({ code: 'TOPIC_POOL_BELOW_MANDATORY' });
    const raised = await service.createQuestion(admin, topic.id, {
      text: 'F3',
      answers,
      mandatory: true,
      raisePoolCount: true,
    });
    expect(raised.poolCount).toBe(3);
    expect(topics.get(topic.id)?.poolCount).toBe(3);
    expect(log.map((l) => l.entity)).toContain('instruction_question');
  });
});

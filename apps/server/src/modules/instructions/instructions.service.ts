import { instructionsMessages } from '@schutzwerk/shared/errors.ts';
import type {
  CreateQuestion,
  CreateTopic,
  Question,
  Topic,
  TopicFields,
  TopicListQuery,
  UpdateQuestion,
  UpdateTopic,
} from '@schutzwerk/shared/instructions/instructions.schema.ts';
import {
  createQuestionSchema,
  createTopicSchema,
  updateQuestionSchema,
  updateTopicSchema,
} from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields, LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type {
  InstructionsRepository,
  QuestionRecord,
  TopicLinkRecord,
  TopicRecord,
} from './instructions.repository.ts';

/**
 * A check later slices plug in (assignments register theirs): a German reason when the topic must not be
 * deleted because it is still used.
 */
export type TopicDeletionGuard = (ex: Executor, topicId: number) => Promise<string | null>;

const TOPIC_FIELDS = [
  'label',
  'number',
  'identifier',
  'departmentId',
  'dueDate',
  'validFrom',
  'validUntil',
  'intervalDays',
  'mode',
  'minScore',
  'poolCount',
  'durationDays',
  'minutes',
  'effectiveness',
  'inactive',
  'parentId',
] as const;
/** Fields saved with TOPICS_EDIT; `effectiveness` needs TOPICS_EFFECTIVENESS. */
const EDIT_FIELDS = TOPIC_FIELDS.filter((f) => f !== 'effectiveness');

/** The fields of a question (change log, the import's comparison). */
export const QUESTION_FIELDS = [
  'text',
  'answers',
  'mandatory',
  'slideFrom',
  'slideTo',
  'pageFrom',
  'pageTo',
  'secondFrom',
  'secondTo',
  'rightMessage',
  'wrongMessage',
] as const;

type Deps = { db: Db; repository: InstructionsRepository; deletionGuards?: TopicDeletionGuard[] };

const fieldError = (path: string, message: string) => ({ details: [{ path: [path], message }] });

function topicValues(input: TopicFields) {
  return {
    label: input.label,
    number: input.number,
    identifier: input.identifier,
    departmentId: input.departmentId,
    dueDate: input.dueDate,
    validFrom: input.validFrom,
    validUntil: input.validUntil,
    intervalDays: input.intervalDays,
    mode: input.mode,
    // The minimum score belongs to mode 3 (points) only.
    minScore: input.mode === 3 ? input.minScore : null,
    poolCount: input.poolCount,
    durationDays: input.durationDays,
    minutes: input.minutes,
    effectiveness: input.effectiveness,
    inactive: input.inactive,
    parentId: input.parentId,
  };
}
type TopicValues = ReturnType<typeof topicValues>;

function questionValues(input: Omit<CreateQuestion, 'raisePoolCount'> & { answers: Question['answers'] }) {
  return {
    text: input.text,
    answers: input.answers.map((a) => ({ text: a.text, right: a.right })),
    mandatory: input.mandatory ?? false,
    slideFrom: input.slideFrom ?? null,
    slideTo: input.slideTo ?? null,
    pageFrom: input.pageFrom ?? null,
    pageTo: input.pageTo ?? null,
    secondFrom: input.secondFrom ?? null,
    secondTo: input.secondTo ?? null,
    rightMessage: input.rightMessage ?? '',
    wrongMessage: input.wrongMessage ?? '',
  };
}

function presentQuestion(q: QuestionRecord): Question {
  return {
    id: q.id,
    number: q.number,
    text: q.text,
    answers: q.answers,
    mandatory: q.mandatory,
    slideFrom: q.slideFrom,
    slideTo: q.slideTo,
    pageFrom: q.pageFrom,
    pageTo: q.pageTo,
    secondFrom: q.secondFrom,
    secondTo: q.secondTo,
    rightMessage: q.rightMessage,
    wrongMessage: q.wrongMessage,
    hasImage: q.imageHash !== null,
    version: q.version,
  };
}

export function createInstructionsService({ db, repository, deletionGuards = [] }: Deps) {
  /** The topic of the actor's portal (another portal's topic does not exist for the caller). */
  async function topicOf(ex: Executor, actor: Actor, id: number, lock?: 'update'): Promise<TopicRecord> {
    const row = await repository.findTopic(ex, id, lock);
    if (!row || row.portalId !== actor.portalId) throw new AppError('NOT_FOUND');
    return row;
  }

  async function present(ex: Executor, row: TopicRecord): Promise<Topic> {
    // One after another: inside a transaction the executor runs one statement at a time anyway.
    const departmentName =
      row.departmentId === null
        ? null
        : ((await repository.departmentName(ex, row.departmentId, row.portalId)) ?? null);
    const parent: TopicLinkRecord | null =
      row.parentId === null ? null : ((await repository.link(ex, row.parentId)) ?? null);
    const child: TopicLinkRecord | null = (await repository.child(ex, row.id)) ?? null;
    const questions = await repository.questions(ex, row.id);
    return {
      id: row.id,
      label: row.label,
      number: row.number,
      identifier: row.identifier,
      departmentId: row.departmentId,
      departmentName,
      dueDate: row.dueDate,
      validFrom: row.validFrom,
      validUntil: row.validUntil,
      intervalDays: row.intervalDays,
      mode: row.mode === 3 ? 3 : 1,
      minScore: row.minScore,
      poolCount: row.poolCount,
      durationDays: row.durationDays,
      minutes: row.minutes,
      effectiveness: (row.effectiveness === 1 || row.effectiveness === 2 ? row.effectiveness : 0) as
        | 0
        | 1
        | 2,
      inactive: row.inactive,
      released: row.released,
      parent,
      child,
      presentation:
        row.presentationHash === null
          ? null
          : { fileName: row.presentationName ?? 'praesentation.pdf', pages: row.presentationPages ?? 0 },
      questions: questions.map(presentQuestion),
      version: row.version,
    };
  }

  /**
   * The rules of a topic's fields that need the database: identifier unique in the portal, department of the
   * portal, the chain (parent of the portal, no cycle, one subordinate per topic, an interval only on the first
   * topic of a chain) and the pool against the mandatory questions.
   */
  async function checkTopic(ex: Executor, actor: Actor, values: TopicValues, id?: number) {
    if (await repository.identifierTaken(ex, actor.portalId, values.identifier, id))
      throw new AppError(
        'TOPIC_IDENTIFIER_EXISTS',
        fieldError('identifier', instructionsMessages.fieldIdentifierTaken),
      );
    if (
      values.departmentId !== null &&
      (await repository.departmentName(ex, values.departmentId, actor.portalId)) === undefined
    )
      throw new AppError(
        'TOPIC_DEPARTMENT_INVALID',
        fieldError('departmentId', instructionsMessages.fieldDepartmentInvalid),
      );
    if (values.parentId !== null) {
      if (values.parentId === id)
        throw new AppError(
          'TOPIC_PARENT_INVALID',
          fieldError('parentId', instructionsMessages.fieldParentSelf),
        );
      const parent = await repository.findTopic(ex, values.parentId);
      if (!parent || parent.portalId !== actor.portalId)
        throw new AppError(
          'TOPIC_PARENT_INVALID',
          fieldError('parentId', instructionsMessages.fieldParentMissing),
        );
      if (id !== undefined && (await repository.chainUp(ex, values.parentId)).includes(id))
        throw new AppError(
          'TOPIC_PARENT_INVALID',
          fieldError('parentId', instructionsMessages.fieldParentCycle),
        );
      const sibling = await repository.child(ex, values.parentId);
      if (sibling && sibling.id !== id)
        throw new AppError(
          'TOPIC_PARENT_TAKEN',
          fieldError(
            'parentId',
            instructionsMessages.fieldParentTaken(`${sibling.identifier} ${sibling.label}`),
          ),
        );
      if (values.intervalDays !== 0)
        throw new AppError(
          'TOPIC_INTERVAL_NOT_FIRST',
          fieldError('intervalDays', instructionsMessages.fieldIntervalNotFirst),
        );
    }
    if (id !== undefined && values.poolCount !== null) {
      const { mandatory } = await repository.questionCounts(ex, id);
      if (values.poolCount < mandatory)
        throw new AppError('TOPIC_POOL_BELOW_MANDATORY', {
          message: instructionsMessages.poolBelowMandatory(values.poolCount, mandatory),
          details: [
            { path: ['poolCount'], message: instructionsMessages.fieldPoolBelowMandatory(mandatory) },
          ],
        });
    }
  }

  /**
   * A question save leaves the pool below the mandatory count: refused with the offer to raise it, or (the
   * caller accepted the offer) the topic's pool is raised in the same transaction.
   */
  async function fitPool(ex: Executor, actor: Actor, topic: TopicRecord, raise: boolean) {
    if (topic.poolCount === null) return;
    const { mandatory } = await repository.questionCounts(ex, topic.id);
    if (topic.poolCount >= mandatory) return;
    if (!raise)
      throw new AppError('TOPIC_POOL_BELOW_MANDATORY', {
        message: instructionsMessages.poolBelowMandatory(topic.poolCount, mandatory),
      });
    if (!(await repository.updateTopicVersioned(ex, topic.id, topic.version, { poolCount: mandatory })))
      throw new AppError('CONFLICT');
    await repository.logChange(ex, {
      entity: 'instruction_topic',
      entityId: topic.id,
      state: LOG_STATE.CHANGED,
      actorId: actor.employeeId,
      changes: { poolCount: { from: topic.poolCount, to: mandatory } },
    });
  }

  async function logQuestion(
    ex: Executor,
    actor: Actor,
    topicId: number,
    state: (typeof LOG_STATE)[keyof typeof LOG_STATE],
    questionId: number,
    changes?: Record<string, { from: unknown; to: unknown }>,
  ) {
    await repository.logChange(ex, {
      entity: 'instruction_question',
      entityId: questionId,
      state,
      actorId: actor.employeeId,
      changes: { topicId: { from: topicId, to: topicId }, ...(changes ?? {}) },
    });
  }

  return {
    list: (actor: Actor, query: TopicListQuery) => repository.list(db, actor.portalId, query),

    get: async (actor: Actor, id: number) => present(db, await topicOf(db, actor, id)),
    /** The topic as the API answers it, read with the caller's executor (the files' routes, decision 044). */
    presentIn: async (ex: Executor, actor: Actor, id: number) => present(ex, await topicOf(ex, actor, id)),

    /** Creates a locked topic (released later with TOPICS_RELEASE); an effectiveness needs TOPICS_EFFECTIVENESS. */
    async create(actor: Actor, raw: CreateTopic): Promise<Topic> {
      const values = topicValues(createTopicSchema.parse(raw));
      if (values.effectiveness !== 0 && !actorHasAny(actor, P.TOPICS_EFFECTIVENESS))
        throw new AppError('NO_PERMISSION');
      return db.transaction(async (tx) => {
        await checkTopic(tx, actor, values);
        const row = await repository.insertTopic(tx, { portalId: actor.portalId, ...values });
        await repository.logChange(tx, {
          entity: 'instruction_topic',
          entityId: row.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: diffFields({} as Record<string, unknown>, values, TOPIC_FIELDS),
        });
        return present(tx, row);
      });
    },

    /** Saves the whole topic: changed fields need TOPICS_EDIT, a changed effectiveness TOPICS_EFFECTIVENESS. */
    async update(actor: Actor, id: number, raw: UpdateTopic): Promise<Topic> {
      const input = updateTopicSchema.parse(raw);
      const values = topicValues(input);
      return db.transaction(async (tx) => {
        const before = await topicOf(tx, actor, id, 'update');
        if (before.version !== input.version) throw new AppError('CONFLICT');
        const changes = diffFields(before, values, TOPIC_FIELDS);
        if (EDIT_FIELDS.some((f) => f in changes) && !actorHasAny(actor, P.TOPICS_EDIT))
          throw new AppError('NO_PERMISSION');
        if ('effectiveness' in changes && !actorHasAny(actor, P.TOPICS_EFFECTIVENESS))
          throw new AppError('NO_PERMISSION');
        await checkTopic(tx, actor, values, id);
        if (!(await repository.updateTopicVersioned(tx, id, input.version, values)))
          throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: 'instruction_topic',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
        return present(tx, await topicOf(tx, actor, id));
      });
    },

    /**
     * Releases (employees may complete it) or locks the topic. A chain is released from its first topic down
     * and locked from its last topic up; releasing needs at least one question.
     */
    async setReleased(actor: Actor, id: number, version: number, released: boolean): Promise<Topic> {
      return db.transaction(async (tx) => {
        const before = await topicOf(tx, actor, id, 'update');
        if (before.version !== version) throw new AppError('CONFLICT');
        if (before.released === released) return present(tx, before);
        if (released) {
          if (before.parentId !== null) {
            const parent = await repository.link(tx, before.parentId);
            if (parent && !parent.released)
              throw new AppError('TOPIC_PARENT_LOCKED', {
                message: instructionsMessages.parentLocked(`${parent.identifier} ${parent.label}`),
              });
          }
          // A topic whose content is a SCORM package has no questions (decision 068).
          if (
            (await repository.questionCounts(tx, id)).total === 0 &&
            !(await repository.hasScormPackage(tx, id))
          )
            throw new AppError('TOPIC_NO_QUESTIONS');
        } else {
          const child = await repository.child(tx, id);
          if (child?.released)
            throw new AppError('TOPIC_CHILD_RELEASED', {
              message: instructionsMessages.childReleased(`${child.identifier} ${child.label}`),
            });
        }
        if (!(await repository.updateTopicVersioned(tx, id, version, { released })))
          throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: 'instruction_topic',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { released: { from: before.released, to: released } },
        });
        return present(tx, await topicOf(tx, actor, id));
      });
    },

    /** Deletes the topic with its questions; refused while it is chained to another topic or in use. */
    async remove(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await topicOf(tx, actor, id, 'update');
        if (before.version !== version) throw new AppError('CONFLICT');
        const linked =
          (before.parentId === null ? undefined : await repository.link(tx, before.parentId)) ??
          (await repository.child(tx, id));
        if (linked)
          throw new AppError('TOPIC_LINKED', {
            message: instructionsMessages.linked(`${linked.identifier} ${linked.label}`),
          });
        for (const guard of deletionGuards) {
          const reason = await guard(tx, id);
          if (reason) throw new AppError('TOPIC_IN_USE', { message: reason });
        }
        if (!(await repository.deleteTopicVersioned(tx, id, version))) throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: 'instruction_topic',
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
      });
    },

    /** Adds a question (numbered after the last); answers the whole topic. */
    async createQuestion(actor: Actor, topicId: number, raw: CreateQuestion): Promise<Topic> {
      const input = createQuestionSchema.parse(raw);
      return db.transaction(async (tx) => {
        const topic = await topicOf(tx, actor, topicId, 'update');
        if (await repository.hasScormPackage(tx, topicId)) throw new AppError('SCORM_TOPIC_IS_PACKAGE');
        const number = await repository.nextQuestionNumber(tx, topicId);
        const values = questionValues(input);
        const row = await repository.insertQuestion(tx, { topicId, number, ...values });
        await fitPool(tx, actor, topic, input.raisePoolCount);
        await logQuestion(
          tx,
          actor,
          topicId,
          LOG_STATE.CREATED,
          row.id,
          diffFields({} as Record<string, unknown>, values, QUESTION_FIELDS),
        );
        return present(tx, await topicOf(tx, actor, topicId));
      });
    },

    /** Saves a whole question under its own version (409 when stale); answers the whole topic. */
    async updateQuestion(
      actor: Actor,
      topicId: number,
      questionId: number,
      raw: UpdateQuestion,
    ): Promise<Topic> {
      const input = updateQuestionSchema.parse(raw);
      return db.transaction(async (tx) => {
        const topic = await topicOf(tx, actor, topicId, 'update');
        const before = await repository.findQuestion(tx, topicId, questionId);
        if (!before) throw new AppError('NOT_FOUND');
        if (before.version !== input.version) throw new AppError('CONFLICT');
        const values = questionValues(input);
        const changes = diffFields(before, values, QUESTION_FIELDS);
        if (JSON.stringify(before.answers) !== JSON.stringify(values.answers))
          changes.answers = { from: before.answers, to: values.answers };
        else delete changes.answers;
        if (!(await repository.updateQuestionVersioned(tx, questionId, input.version, values)))
          throw new AppError('CONFLICT');
        await fitPool(tx, actor, topic, input.raisePoolCount);
        await logQuestion(tx, actor, topicId, LOG_STATE.CHANGED, questionId, changes);
        return present(tx, await topicOf(tx, actor, topicId));
      });
    },

    async removeQuestion(actor: Actor, topicId: number, questionId: number, version: number): Promise<Topic> {
      return db.transaction(async (tx) => {
        await topicOf(tx, actor, topicId, 'update');
        const before = await repository.findQuestion(tx, topicId, questionId);
        if (!before) throw new AppError('NOT_FOUND');
        if (before.version !== version) throw new AppError('CONFLICT');
        if (!(await repository.deleteQuestionVersioned(tx, questionId, version)))
          throw new AppError('CONFLICT');
        await logQuestion(tx, actor, topicId, LOG_STATE.DELETED, questionId);
        return present(tx, await topicOf(tx, actor, topicId));
      });
    },
  };
}

export type InstructionsService = ReturnType<typeof createInstructionsService>;

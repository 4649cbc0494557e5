import { instructionRunMessages } from '@schutzwerk/shared/errors.ts';
import {
  FEEDBACK_CODE_MESSAGES,
  type Feedback,
  type FeedbackResult,
  feedbackSchema,
  type RunAnswer,
  type RunAnswerResult,
  type RunSlide,
  type RunSlideResult,
  type RunState,
  runAnswerSchema,
  runSlideSchema,
} from '@schutzwerk/shared/instructions/run.schema.ts';
import type { MailPurpose, MailValues } from '@schutzwerk/shared/mail/mail-template.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { InstructionSettings } from '@schutzwerk/shared/settings/instructions.settings.ts';
import type { Db, Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { actorHasAny } from '#platform/access.ts';
import { type FieldChanges, LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { AssignmentRecord, AssignmentsRepository } from './assignments.repository.ts';
import { berlinToday } from './assignments.service.ts';
import { renderGroupItemCertificatePdf } from './group-feedback.certificate.ts';
import { groupFeedbackRepository } from './group-feedback.repository.ts';
import type { InstructionsRepository, TopicRecord } from './instructions.repository.ts';
import { renderCertificatePdf } from './run.certificate.ts';
import type { RunQuestionRecord, RunRecord, RunRepository } from './run.repository.ts';
import { hasScormPackage } from './scorm.repository.ts';
import type { MediaFiles, ServedFile } from './topic-media.ts';

/** yyyy-mm-dd plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
/** dd.mm.yy of a yyyy-mm-dd day. */
export const germanDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(2, 4)}`;

/**
 * The questions of one attempt: all when the topic has no pool, else every mandatory question and a random
 * choice of the others up to the pool count; asked in the topic's order (presentation point, then number).
 */
export function drawQuestions(
  questions: readonly Pick<RunQuestionRecord, 'id' | 'mandatory'>[],
  poolCount: number | null,
  random: () => number = Math.random,
): number[] {
  if (poolCount === null || poolCount >= questions.length) return questions.map((q) => q.id);
  const mandatory = questions.filter((q) => q.mandatory);
  const others = questions.filter((q) => !q.mandatory);
  // Fisher–Yates over the optional ones, then take what the pool leaves after the mandatory ones.
  for (let i = others.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [others[i], others[j]] = [others[j] as (typeof others)[number], others[i] as (typeof others)[number]];
  }
  const chosen = new Set([
    ...mandatory.map((q) => q.id),
    ...others.slice(0, Math.max(0, poolCount - mandatory.length)).map((q) => q.id),
  ]);
  return questions.filter((q) => chosen.has(q.id)).map((q) => q.id);
}

/** The slide (PDF page) a question belongs to: its slide range, else its page range; null = after the slides. */
export const questionSlide = (q: Pick<RunQuestionRecord, 'slideFrom' | 'pageFrom'>): number | null =>
  q.slideFrom ?? q.pageFrom;

/** The pages of the topic's presentation; 0 without one (the run goes as without slides). */
export const presentationPages = (topic: Pick<TopicRecord, 'presentationHash' | 'presentationPages'>) =>
  topic.presentationHash === null ? 0 : Math.max(0, topic.presentationPages ?? 0);

/**
 * Whether a question is asked now (decision 044): without a presentation, or after the last slide, always; else
 * when the employee is on (or past) its slide. A question without a slide waits for the end of the slides.
 */
export function questionDue(
  question: Pick<RunQuestionRecord, 'slideFrom' | 'pageFrom'>,
  pages: number,
  run: Pick<RunRecord, 'slide' | 'slidesDone'>,
): boolean {
  if (pages === 0 || run.slidesDone) return true;
  const at = questionSlide(question);
  return at !== null && at <= run.slide;
}

/** Whether the chosen positions are exactly the right answers. */
export function isRightAnswer(
  question: Pick<RunQuestionRecord, 'answers'>,
  chosen: readonly number[],
): boolean {
  const right = question.answers.flatMap((a, i) => (a.right ? [i] : []));
  const given = new Set(chosen);
  return given.size === right.length && right.every((i) => given.has(i));
}

type MailPort = {
  render: (
    ex: Executor,
    input: { purpose: MailPurpose; language: string; country?: string | null; values: MailValues },
  ) => Promise<{ subject: string; text: string; html: string; sender?: string }>;
  enqueue: (
    ex: Executor,
    mail: {
      to: string;
      subject: string;
      text: string;
      html?: string;
      purpose: string;
      relatedEmployeeId?: number;
      from?: string;
    },
  ) => Promise<number>;
};

/**
 * Completes an item (status E), shared by the run-through and the SCORM player (decisions 041, 068): valid until
 * the topic's duration (else its interval) from `today`; a repeating topic gets its next open item unless one is
 * there; both in the change log, with `result` (how it was passed: the run's or the package's score).
 */
export async function completeAssignment(
  repository: Pick<
    RunRepository,
    'setAssignmentStatus' | 'hasOtherUnfinished' | 'insertAssignment' | 'logChange'
  >,
  tx: Executor,
  input: {
    actor: Actor;
    assignment: AssignmentRecord;
    topic: TopicRecord;
    today: string;
    result: FieldChanges;
  },
): Promise<AssignmentRecord> {
  const { actor, assignment, topic, today } = input;
  const validityDays = topic.durationDays ?? (topic.intervalDays > 0 ? topic.intervalDays : null);
  const validUntil = validityDays === null ? null : addDays(today, validityDays);
  await repository.setAssignmentStatus(tx, assignment.id, 'E', validUntil, today);
  let nextId: number | null = null;
  if (
    topic.intervalDays > 0 &&
    !assignment.oneTime &&
    !topic.inactive &&
    !(await repository.hasOtherUnfinished(tx, assignment.employeeId, topic.id, assignment.id))
  ) {
    const due = addDays(today, topic.intervalDays);
    nextId = await repository.insertAssignment(tx, {
      portalId: assignment.portalId,
      employeeId: assignment.employeeId,
      topicId: topic.id,
      type: assignment.type,
      status: 'O',
      dueDate: due,
      originalDueDate: due,
      durationDays: topic.durationDays,
      oneTime: false,
    });
    // nextId is 0 when a concurrent writer made the open item first (decision 045): nothing to log.
    if (nextId)
      await repository.logChange(tx, {
        entity: 'instruction_assignment',
        entityId: nextId,
        state: LOG_STATE.CREATED,
        actorId: actor.employeeId,
        changes: { dueDate: { from: null, to: due }, followsFrom: { from: null, to: assignment.id } },
      });
  }
  await repository.logChange(tx, {
    entity: 'instruction_assignment',
    entityId: assignment.id,
    state: LOG_STATE.CHANGED,
    actorId: actor.employeeId,
    changes: {
      status: { from: assignment.status, to: 'E' },
      validUntil: { from: assignment.validUntil, to: validUntil },
      ...input.result,
      ...(nextId ? { next: { from: null, to: nextId } } : {}),
    },
  });
  return { ...assignment, status: 'E', validUntil, completedOn: today };
}

export type RunDeps = {
  db: Db;
  repository: RunRepository;
  assignments: Pick<AssignmentsRepository, 'find'>;
  topics: Pick<InstructionsRepository, 'findTopic'>;
  settings: (ex: Executor, portalId: number) => Promise<InstructionSettings>;
  system: (ex: Executor) => Promise<{ companyName: string; applicationUrl: string }>;
  mail: MailPort;
  /** The documents' file store, to serve the presentation and the questions' images (decision 044). */
  files: Pick<MediaFiles, 'exists' | 'open'>;
  logo: () => Promise<Buffer | null>;
  now?: () => Date;
  random?: () => number;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The employee's run-through (decision 041): start within the executable window, questions one by one with the
 * answer checked here, the second wrong answer of a Berlin calendar day blocks until the next day, external
 * persons restart after a wrong answer, success marks the assignment done with its validity and creates the
 * next one from the interval; the feedback dialog and the certificate.
 */
export function createRunService(deps: RunDeps) {
  const { db, repository } = deps;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;

  /** The caller's own assignment, locked; another's answers 404 (its existence is not told). */
  async function ownAssignment(ex: Executor, actor: Actor, id: number): Promise<AssignmentRecord> {
    const row = await deps.assignments.find(ex, id, 'update');
    if (!row || row.employeeId !== actor.employeeId) throw new AppError('NOT_FOUND');
    return row;
  }

  async function topicOf(ex: Executor, topicId: number): Promise<TopicRecord> {
    const topic = await deps.topics.findTopic(ex, topicId);
    if (!topic) throw new AppError('NOT_FOUND');
    return topic;
  }

  const blockedOn = (run: RunRecord, today: string) =>
    run.status === 'running' && run.wrongDay === today && run.wrongOnDay >= 2;

  async function stateOf(
    ex: Executor,
    assignment: AssignmentRecord,
    topic: TopicRecord,
    run: RunRecord,
  ): Promise<RunState> {
    const today = berlinToday(now());
    const blocked = blockedOn(run, today);
    const pages = presentationPages(topic);
    const slide = Math.min(Math.max(1, run.slide), Math.max(1, pages));
    let question: RunState['question'] = null;
    if (run.status === 'running' && !blocked) {
      const id = run.questionIds[run.position];
      const q = id === undefined ? undefined : await repository.question(ex, id);
      if (q && questionDue(q, pages, { slide, slidesDone: run.slidesDone }))
        question = {
          id: q.id,
          number: q.number,
          text: q.text,
          answers: q.answers.map((a) => a.text),
          hasImage: q.imageHash !== null,
          slide: questionSlide(q),
        };
    }
    return {
      assignmentId: assignment.id,
      topicIdentifier: topic.identifier,
      topicLabel: topic.label,
      mode: topic.mode === 3 ? 3 : 1,
      minScore: topic.minScore,
      status: run.status === 'passed' ? 'passed' : blocked ? 'blocked' : 'running',
      position: run.position,
      total: run.questionIds.length,
      score: run.score,
      attempt: run.attempt,
      question,
      blockedUntil: blocked ? addDays(today, 1) : null,
      completedAt: run.completedAt ? run.completedAt.toISOString() : null,
      validUntil: assignment.validUntil,
      presentation: pages === 0 ? null : { pages, slide, done: run.slidesDone },
    };
  }

  /**
   * After a step: when every question of the attempt is answered and the slides are seen to the end (if there
   * are any), the run passes — or, in points mode below the minimum, starts again. Else the progress is saved.
   */
  async function settle(
    tx: Executor,
    actor: Actor,
    assignment: AssignmentRecord,
    topic: TopicRecord,
    run: RunRecord,
    step: { progress: Partial<RunRecord>; message: string | null; restarted: boolean },
  ): Promise<{ run: RunRecord; assignment: AssignmentRecord; message: string | null; restarted: boolean }> {
    let { progress, message, restarted } = step;
    const position = progress.position ?? run.position;
    const score = progress.score ?? run.score;
    const slidesSeen = presentationPages(topic) === 0 || (progress.slidesDone ?? run.slidesDone);
    const finished = !restarted && position >= run.questionIds.length && slidesSeen;
    if (finished && (topic.mode !== 3 || score >= (topic.minScore ?? 0))) {
      const done = await complete(tx, actor, assignment, topic, run, progress);
      return { run: done.run, assignment: done.assignment, message, restarted };
    }
    if (finished) {
      // A points run below the minimum score: a failed attempt counts as a wrong answer of the day.
      const today = berlinToday(now());
      progress = {
        ...progress,
        wrongDay: today,
        wrongOnDay: run.wrongDay === today ? run.wrongOnDay + 1 : 1,
        ...(await restartValues(tx, topic, run)),
      };
      restarted = true;
      message = [message, instructionRunMessages.scoreMissed(score, topic.minScore ?? 0)]
        .filter(Boolean)
        .join(' ');
    }
    return { run: await repository.update(tx, run.id, progress), assignment, message, restarted };
  }

  /** A new attempt: new questions, from the first slide. */
  async function restartValues(tx: Executor, topic: TopicRecord, run: RunRecord) {
    return {
      attempt: run.attempt + 1,
      questionIds: await freshDraw(tx, topic),
      position: 0,
      answers: [],
      score: 0,
      slide: 1,
      slidesDone: false,
    };
  }

  /** The topic must be released and active for an employee to work on it (spec: a locked one cannot be edited). */
  function assertWorkable(topic: TopicRecord) {
    if (!topic.released || topic.inactive) throw new AppError('RUN_CANNOT_START');
  }

  async function freshDraw(ex: Executor, topic: TopicRecord): Promise<number[]> {
    const questions = await repository.questionsOfTopic(ex, topic.id);
    if (questions.length === 0) throw new AppError('RUN_NO_QUESTIONS');
    return drawQuestions(questions, topic.poolCount, random);
  }

  /** Success: the run passes, the assignment is done with its validity, the interval brings the next one. */
  async function complete(
    tx: Executor,
    actor: Actor,
    assignment: AssignmentRecord,
    topic: TopicRecord,
    run: RunRecord,
    progress: Partial<RunRecord>,
  ): Promise<{ run: RunRecord; assignment: AssignmentRecord }> {
    const at = now();
    const saved = await repository.update(tx, run.id, { ...progress, status: 'passed', completedAt: at });
    const done = await completeAssignment(repository, tx, {
      actor,
      assignment,
      topic,
      today: berlinToday(at),
      result: { score: { from: null, to: saved.score } },
    });
    return { run: saved, assignment: done };
  }

  return {
    /** The run's state for resuming (the page after a reload); NOT_FOUND before it was started. */
    async state(actor: Actor, assignmentId: number): Promise<RunState> {
      return db.transaction(async (tx) => {
        const assignment = await ownAssignment(tx, actor, assignmentId);
        const run = await repository.findByAssignment(tx, assignmentId);
        if (!run) throw new AppError('RUN_NOT_STARTED');
        return stateOf(tx, assignment, await topicOf(tx, assignment.topicId), run);
      });
    },

    /**
     * Starts (O → A, questions drawn) or resumes (A: the stored run as it is). Only instructions, only within the
     * executable window (from `executableDaysBeforeDue` days before due; overdue always), only released topics.
     */
    async start(actor: Actor, assignmentId: number): Promise<RunState> {
      return db.transaction(async (tx) => {
        const assignment = await ownAssignment(tx, actor, assignmentId);
        if (assignment.type !== 'instruction') throw new AppError('RUN_WRONG_TYPE');
        const topic = await topicOf(tx, assignment.topicId);
        // A SCORM topic runs in the SCORM player (decision 068).
        if (await hasScormPackage(tx, topic.id)) throw new AppError('RUN_WRONG_TYPE');
        const existing = await repository.findByAssignment(tx, assignmentId, 'update');
        if (assignment.status === 'E') {
          if (existing) return stateOf(tx, assignment, topic, existing);
          throw new AppError('ASSIGNMENT_ALREADY_DONE');
        }
        assertWorkable(topic);
        if (existing && assignment.status === 'A') return stateOf(tx, assignment, topic, existing);
        if (assignment.status !== 'O' && assignment.status !== 'A') throw new AppError('RUN_CANNOT_START');
        const settings = await deps.settings(tx, assignment.portalId);
        const today = berlinToday(now());
        const from = addDays(assignment.dueDate, -settings.executableDaysBeforeDue);
        if (today < from)
          throw new AppError('RUN_NOT_YET_EXECUTABLE', {
            message: instructionRunMessages.notYetExecutable(germanDate(from)),
          });
        const questionIds = await freshDraw(tx, topic);
        const run = existing
          ? await repository.update(tx, existing.id, {
              status: 'running',
              questionIds,
              position: 0,
              answers: [],
              score: 0,
              slide: 1,
              slidesDone: false,
            })
          : await repository.insert(tx, {
              portalId: assignment.portalId,
              assignmentId,
              employeeId: assignment.employeeId,
              topicId: topic.id,
              questionIds,
            });
        await repository.setAssignmentStatus(tx, assignmentId, 'A');
        await repository.logChange(tx, {
          entity: 'instruction_assignment',
          entityId: assignmentId,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { status: { from: assignment.status, to: 'A' } },
        });
        return stateOf(tx, { ...assignment, status: 'A' }, topic, run);
      });
    },

    /** One answer, checked here; the answer says right or wrong with the question's message and the new state. */
    async answer(actor: Actor, assignmentId: number, raw: RunAnswer): Promise<RunAnswerResult> {
      const input = runAnswerSchema.parse(raw);
      return db.transaction(async (tx) => {
        const assignment = await ownAssignment(tx, actor, assignmentId);
        const run = await repository.findByAssignment(tx, assignmentId, 'update');
        if (!run || assignment.status !== 'A' || run.status !== 'running')
          throw new AppError('RUN_NOT_STARTED');
        const topic = await topicOf(tx, assignment.topicId);
        assertWorkable(topic);
        const today = berlinToday(now());
        if (blockedOn(run, today))
          throw new AppError('RUN_BLOCKED', {
            message: instructionRunMessages.blockedUntil(germanDate(addDays(today, 1))),
          });
        if (run.questionIds[run.position] !== input.questionId) throw new AppError('RUN_OUT_OF_STEP');
        const question = await repository.question(tx, input.questionId);
        if (!question || question.topicId !== topic.id) {
          // The question was deleted meanwhile: it leaves this attempt, the next one is asked.
          const questionIds = run.questionIds.filter((id) => id !== input.questionId);
          await repository.update(tx, run.id, { questionIds });
          throw new AppError('RUN_OUT_OF_STEP');
        }
        // A question is answered only once its slide is reached (decision 044).
        if (!questionDue(question, presentationPages(topic), run)) throw new AppError('RUN_OUT_OF_STEP');
        if (input.chosen.some((i) => i >= question.answers.length)) throw new AppError('RUN_ANSWER_INVALID');
        const right = isRightAnswer(question, input.chosen);
        const person = await repository.person(tx, assignment.employeeId);
        const external = person?.isExternal ?? false;
        const answers = [...run.answers, { questionId: question.id, chosen: input.chosen, right }];
        const countWrong = () => ({
          wrongDay: today,
          wrongOnDay: run.wrongDay === today ? run.wrongOnDay + 1 : 1,
        });
        const restart = () => restartValues(tx, topic, run);

        let progress: Partial<RunRecord>;
        let message = right
          ? question.rightMessage || instructionRunMessages.right
          : question.wrongMessage || instructionRunMessages.wrong;
        let restarted = false;
        if (right) {
          progress = { answers, position: run.position + 1, score: run.score + 1 };
        } else if (external) {
          // External persons start again with new questions after a wrong answer (spec).
          progress = { ...countWrong(), ...(await restart()) };
          restarted = true;
          message = `${question.wrongMessage || instructionRunMessages.wrong} ${instructionRunMessages.wrongExternal}`;
        } else if (topic.mode === 3) {
          // Points: a wrong answer scores nothing and the next question comes.
          progress = { answers, position: run.position + 1 };
        } else {
          // All right: the same question again (the second wrong answer of the day blocks).
          progress = { answers, ...countWrong() };
        }

        const settled = await settle(tx, actor, assignment, topic, run, { progress, message, restarted });
        return {
          right,
          message: settled.message ?? message,
          restarted: settled.restarted,
          state: await stateOf(tx, settled.assignment, topic, settled.run),
        };
      });
    },

    /**
     * Moves through the presentation (decision 044): back always; forward (or past the last slide) only when no
     * question of a slide before the target is open — the question of a slide is answered before the viewer goes
     * on. The slide is stored, so the run resumes at it. Past the last slide with every question answered, the
     * run passes (or a points run below the minimum starts again, with its message).
     */
    async slide(actor: Actor, assignmentId: number, raw: RunSlide): Promise<RunSlideResult> {
      const input = runSlideSchema.parse(raw);
      return db.transaction(async (tx) => {
        const assignment = await ownAssignment(tx, actor, assignmentId);
        const run = await repository.findByAssignment(tx, assignmentId, 'update');
        if (!run || assignment.status !== 'A' || run.status !== 'running')
          throw new AppError('RUN_NOT_STARTED');
        const topic = await topicOf(tx, assignment.topicId);
        assertWorkable(topic);
        const pages = presentationPages(topic);
        if (pages === 0 || input.slide > pages) throw new AppError('RUN_SLIDE_INVALID');
        const done = input.done === true;
        if (done && input.slide !== pages) throw new AppError('RUN_SLIDE_INVALID');
        const current = Math.min(Math.max(1, run.slide), pages);
        const forward = done || input.slide > current;
        if (forward) {
          const id = run.questionIds[run.position];
          const open = id === undefined ? undefined : await repository.question(tx, id);
          const at = open ? questionSlide(open) : null;
          const target = done ? pages + 1 : input.slide;
          // The open question's slide lies before the target: it must be answered first.
          if (at !== null && at < target && !run.slidesDone) throw new AppError('RUN_QUESTION_PENDING');
        }
        const progress: Partial<RunRecord> = {
          slide: input.slide,
          slidesDone: run.slidesDone || done,
        };
        const settled = await settle(tx, actor, assignment, topic, run, {
          progress,
          message: null,
          restarted: false,
        });
        return {
          message: settled.message,
          restarted: settled.restarted,
          state: await stateOf(tx, settled.assignment, topic, settled.run),
        };
      });
    },

    /** The presentation of one's own started run, for the viewer. */
    async presentation(actor: Actor, assignmentId: number): Promise<ServedFile> {
      const { topic } = await db.transaction(async (tx) => {
        const assignment = await ownAssignment(tx, actor, assignmentId);
        return { topic: await topicOf(tx, assignment.topicId) };
      });
      if (topic.presentationHash === null || !deps.files.exists(topic.presentationHash))
        throw new AppError('NOT_FOUND');
      return {
        stream: deps.files.open(topic.presentationHash),
        mimeType: 'application/pdf',
        fileName: topic.presentationName ?? 'Praesentation.pdf',
      };
    },

    /** The image of a question of one's own run (only a question drawn for it). */
    async image(actor: Actor, assignmentId: number, questionId: number): Promise<ServedFile> {
      const question = await db.transaction(async (tx) => {
        await ownAssignment(tx, actor, assignmentId);
        const run = await repository.findByAssignment(tx, assignmentId);
        if (!run?.questionIds.includes(questionId)) throw new AppError('NOT_FOUND');
        return repository.question(tx, questionId);
      });
      if (!question || question.imageHash === null || !deps.files.exists(question.imageHash))
        throw new AppError('NOT_FOUND');
      return {
        stream: deps.files.open(question.imageHash),
        mimeType: question.imageType ?? 'application/octet-stream',
        fileName: `Frage-${question.number}`,
      };
    },

    /**
     * The feedback dialog: the message is required (0x000), saved (0x501 when that fails) and mailed to the
     * employee's supervisors through the outbox (0x800); none with an e-mail address: 0x502; no template: 0x803.
     */
    async feedback(actor: Actor, assignmentId: number, raw: Feedback): Promise<FeedbackResult> {
      const input = feedbackSchema.parse(raw);
      const message = input.message.trim();
      if (message === '')
        throw new AppError('FEEDBACK_MESSAGE_REQUIRED', {
          details: [{ path: ['body', 'message'], message: instructionRunMessages.fieldFeedbackRequired }],
        });
      const assignment = await db.transaction((tx) => ownAssignment(tx, actor, assignmentId));
      let feedbackId: number;
      try {
        feedbackId = await repository.insertFeedback(db, {
          portalId: assignment.portalId,
          assignmentId,
          employeeId: assignment.employeeId,
          topicId: assignment.topicId,
          message,
          mailCode: '0x502',
        });
      } catch (cause) {
        throw new AppError('FEEDBACK_NOT_SAVED', { cause });
      }
      return db.transaction(async (tx) => {
        const supervisors = (await repository.supervisors(tx, assignment.employeeId)).filter((s) =>
          EMAIL.test(s.email?.trim() ?? ''),
        );
        let code: FeedbackResult['code'] = '0x502';
        let mailed = 0;
        if (supervisors.length > 0) {
          const sender = await repository.person(tx, assignment.employeeId);
          const names = await repository.topicNames(tx, assignment.topicId);
          const system = await deps.system(tx);
          code = '0x800';
          for (const supervisor of supervisors) {
            let rendered: Awaited<ReturnType<MailPort['render']>>;
            try {
              rendered = await deps.mail.render(tx, {
                purpose: 'instructionFeedback',
                language: supervisor.language || 'de',
                country: supervisor.country,
                values: {
                  firstName: supervisor.firstName,
                  lastName: supervisor.lastName,
                  contactPerson: sender ? `${sender.firstName} ${sender.lastName}` : '',
                  topic: names ? `${names.identifier} ${names.label}` : '',
                  reason: message,
                  url: `${system.applicationUrl.replace(/\/$/, '')}/instructions/list`,
                  company: system.companyName,
                },
              });
            } catch (error) {
              if (error instanceof AppError && error.code === 'MAIL_TEMPLATE_NOT_FOUND') {
                code = '0x803';
                mailed = 0;
                break;
              }
              throw error;
            }
            await deps.mail.enqueue(tx, {
              to: (supervisor.email ?? '').trim(),
              subject: rendered.subject,
              text: rendered.text,
              html: rendered.html,
              purpose: 'instructionFeedback',
              relatedEmployeeId: supervisor.id,
              ...(rendered.sender ? { from: rendered.sender } : {}),
            });
            mailed++;
          }
        }
        await repository.setFeedbackCode(tx, feedbackId, code);
        await repository.logChange(tx, {
          entity: 'instruction_feedback',
          entityId: feedbackId,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: { assignmentId: { from: null, to: assignmentId }, code: { from: null, to: code } },
        });
        return { code, message: FEEDBACK_CODE_MESSAGES[code], mailed };
      });
    },

    /**
     * The certificate PDF of a done assignment completed through its questions, or confirmed by a group
     * feedback (decision 079: „Unterweisung in der Gruppe, bestätigt durch …“): the employee themselves, or
     * TOPICS_CERTIFICATES within the portal. A rearranged item has neither: CERTIFICATE_NOT_AVAILABLE.
     */
    async certificate(actor: Actor, assignmentId: number): Promise<{ file: Buffer; fileName: string }> {
      const printed = { printedAt: now(), logo: await deps.logo() };
      const made = await db.transaction(async (tx) => {
        const assignment = await deps.assignments.find(tx, assignmentId);
        if (!assignment || assignment.portalId !== actor.portalId) throw new AppError('NOT_FOUND');
        const own = assignment.employeeId === actor.employeeId && actorHasAny(actor, P.TOPICS_OWN);
        if (!own && !actorHasAny(actor, P.TOPICS_CERTIFICATES)) throw new AppError('NO_PERMISSION');
        if (assignment.status !== 'E') throw new AppError('CERTIFICATE_NOT_AVAILABLE');
        const run = await repository.findByAssignment(tx, assignmentId);
        const passed = run && run.status === 'passed' && run.completedAt ? run : null;
        const group = passed ? undefined : await groupFeedbackRepository.itemOfAssignment(tx, assignment);
        if (!passed && !group) throw new AppError('CERTIFICATE_NOT_AVAILABLE');
        const topic = await topicOf(tx, assignment.topicId);
        const person = await repository.person(tx, assignment.employeeId);
        const system = await deps.system(tx);
        const common = {
          companyName: system.companyName,
          name: person ? `${person.firstName} ${person.lastName}` : '',
          personnelNumber: person?.personnelNumber ?? '',
          topicIdentifier: topic.identifier,
          topicLabel: topic.label,
          validUntil: assignment.validUntil,
        };
        if (passed) {
          const completedOn = berlinToday(passed.completedAt!);
          return {
            day: completedOn,
            identifier: topic.identifier,
            render: () =>
              renderCertificatePdf(
                {
                  ...common,
                  completedOn,
                  mode: topic.mode === 3 ? 3 : 1,
                  score: passed.score,
                  total: passed.questionIds.length,
                  minScore: topic.minScore,
                },
                printed,
              ),
          };
        }
        return {
          day: group!.givenOn,
          identifier: topic.identifier,
          render: () =>
            renderGroupItemCertificatePdf(
              { ...common, givenOn: group!.givenOn, instructorName: group!.instructorName },
              printed,
            ),
        };
      });
      return {
        file: await made.render(),
        fileName: `Teilnahmebescheinigung_${made.identifier}_${germanDate(made.day).replaceAll('.', '-')}.pdf`,
      };
    },
  };
}

export type RunService = ReturnType<typeof createRunService>;

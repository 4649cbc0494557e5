import { type ErrorCode, errorCatalogue, instructionsMessages } from '@schutzwerk/shared/errors.ts';
import type {
  AssignmentListQuery,
  CreateAssignments,
  CreateAssignmentsResult,
  InstructionDisplay,
  MyAssignmentsQuery,
  RearrangeAssignment,
} from '@schutzwerk/shared/instructions/assignments.schema.ts';
import {
  createAssignmentsSchema,
  rearrangeAssignmentSchema,
} from '@schutzwerk/shared/instructions/assignments.schema.ts';
import {
  classifyRemoval,
  REMOVAL_CLASSIFICATION_FIELDS,
  type RemovalAction,
  type RemovalListQuery,
  type RemoveAssignment,
  removeAssignmentSchema,
} from '@schutzwerk/shared/instructions/removals.schema.ts';
import type { InstructionSettings } from '@schutzwerk/shared/settings/instructions.settings.ts';
import type { Db, Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { AssignmentsRepository } from './assignments.repository.ts';
import type { InstructionsRepository } from './instructions.repository.ts';
import type { removalsRepository } from './removals.repository.ts';

type RemovalsRepository = Pick<typeof removalsRepository, 'insert' | 'list'>;

/** The typed code of each gap of a removal's classification (spec §8: −1 … −4). */
const REMOVAL_CODES = {
  '-1': 'REMOVAL_ACTION_REQUIRED',
  '-2': 'REMOVAL_ELEMENT_REQUIRED',
  '-3': 'REMOVAL_REASON_REQUIRED',
  '-4': 'REMOVAL_REASON_NOT_SENTENCES',
} as const satisfies Record<string, ErrorCode>;

const berlinDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The calendar day (yyyy-mm-dd) in Germany at `now`. */
export const berlinToday = (now: Date): string => berlinDay.format(now);

type Deps = {
  db: Db;
  repository: AssignmentsRepository;
  topics: Pick<InstructionsRepository, 'findTopic'>;
  removals: RemovalsRepository;
  /** The portal's settings tab „Unterweisungen“ (the executable window of „Meine Unterweisungen“, the interval unit). */
  settings?: (
    ex: Executor,
    portalId: number,
  ) => Promise<
    Pick<
      InstructionSettings,
      'executableDaysBeforeDue' | 'displayDaysBeforeDue' | 'showDoneDays' | 'intervalUnit'
    >
  >;
  now?: () => Date;
};

/**
 * Single assignment of a topic to employees, the assignment list, deleting open assignments, and the guards that
 * keep topics with assignments and employees with completed instructions (decision 036).
 */
export function createAssignmentsService({
  db,
  repository,
  topics,
  removals,
  settings,
  now = () => new Date(),
}: Deps) {
  return {
    list: (actor: Actor, query: AssignmentListQuery) => repository.list(db, actor.portalId, query),

    /** The unit the portal shows intervals in (settings tab „Unterweisungen“, decision 045). */
    async display(actor: Actor): Promise<InstructionDisplay> {
      const s = settings ? await settings(db, actor.portalId) : undefined;
      return { intervalUnit: s?.intervalUnit ?? 'auto' };
    },

    /** "Meine Unterweisungen": the caller's own items. */
    async mine(actor: Actor, query: MyAssignmentsQuery) {
      const s = settings ? await settings(db, actor.portalId) : undefined;
      const days = {
        executable: s?.executableDaysBeforeDue ?? 0,
        // Without settings (tests of the rules alone) everything unfinished shows, and done ones for a year.
        display: s?.displayDaysBeforeDue ?? 36_500,
        showDone: s?.showDoneDays ?? 365,
      };
      return repository.mine(db, actor.employeeId, query, berlinToday(now()), days);
    },

    /**
     * Assigns an active topic of the portal to employees of the portal (open, due on the given day, else the
     * topic's due date, else today). Employees who still have an unfinished one of the topic are skipped.
     */
    async assign(actor: Actor, raw: CreateAssignments): Promise<CreateAssignmentsResult> {
      const input = createAssignmentsSchema.parse(raw);
      // In id order, as every writer of assignments inserts (no deadlock between two of them; decision 045).
      const employeeIds = [...new Set(input.employeeIds)].sort((a, b) => a - b);
      return db.transaction(async (tx) => {
        const topic = await topics.findTopic(tx, input.topicId, 'share');
        if (!topic || topic.portalId !== actor.portalId) throw new AppError('NOT_FOUND');
        if (topic.inactive) throw new AppError('TOPIC_INACTIVE');
        const found = await repository.employeesOfPortal(tx, employeeIds, actor.portalId);
        if (found.length !== employeeIds.length) throw new AppError('ASSIGNMENT_EMPLOYEE_INVALID');
        const busy = new Set(await repository.withUnfinished(tx, topic.id, employeeIds));
        const dueDate = input.dueDate ?? topic.dueDate ?? berlinToday(now());
        const created = await repository.insertMany(
          tx,
          employeeIds
            .filter((id) => !busy.has(id))
            .map((employeeId) => ({
              portalId: actor.portalId,
              employeeId,
              topicId: topic.id,
              type: input.type,
              status: 'O',
              dueDate,
              originalDueDate: dueDate,
              durationDays: topic.durationDays,
              oneTime: input.oneTime,
            })),
        );
        await repository.logChanges(
          tx,
          created.map((row) => ({
            entity: 'instruction_assignment',
            entityId: row.id,
            state: LOG_STATE.CREATED,
            actorId: actor.employeeId,
            changes: {
              employeeId: { from: null, to: row.employeeId },
              topicId: { from: null, to: row.topicId },
              dueDate: { from: null, to: row.dueDate },
            },
          })),
        );
        // Skipped: those with an unfinished item, also one a concurrent writer made meanwhile (decision 045).
        return { created: created.length, skipped: employeeIds.length - created.length };
      });
    },

    /**
     * Rearranging (spec): the unfinished entry is marked done and a new open one is created with the new due
     * date; it keeps the original due date of the first. Right TOPICS_RESET.
     */
    async rearrange(actor: Actor, id: number, raw: RearrangeAssignment): Promise<void> {
      const input = rearrangeAssignmentSchema.parse(raw);
      await db.transaction(async (tx) => {
        const row = await repository.find(tx, id, 'update');
        if (!row || row.portalId !== actor.portalId) throw new AppError('NOT_FOUND');
        if (row.version !== input.version) throw new AppError('CONFLICT');
        if (row.status === 'E') throw new AppError('ASSIGNMENT_ALREADY_DONE');
        if (!(await repository.setStatusVersioned(tx, id, input.version, 'E', berlinToday(now()))))
          throw new AppError('CONFLICT');
        const [created] = await repository.insertMany(tx, [
          {
            portalId: row.portalId,
            employeeId: row.employeeId,
            topicId: row.topicId,
            type: row.type,
            status: 'O',
            dueDate: input.dueDate,
            originalDueDate: row.originalDueDate,
            durationDays: row.durationDays,
            oneTime: row.oneTime,
          },
        ]);
        await repository.logChanges(tx, [
          {
            entity: 'instruction_assignment',
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: { status: { from: row.status, to: 'E' }, rearrangedTo: { from: null, to: created?.id } },
          },
          {
            entity: 'instruction_assignment',
            entityId: created?.id ?? 0,
            state: LOG_STATE.CREATED,
            actorId: actor.employeeId,
            changes: {
              dueDate: { from: row.dueDate, to: input.dueDate },
              rearrangedFrom: { from: null, to: id },
            },
          },
        ]);
      });
    },

    /** Only open assignments can be deleted (spec); a started or done one answers ASSIGNMENT_NOT_OPEN. */
    /**
     * Removes an open item with its classification (decision 080): the action, the replacing topic for
     * „ersetzt“, the reason in full sentences — the first gap answers its code (spec §8: −1 … −4). The item goes,
     * the removal is kept with what was removed.
     */
    async remove(actor: Actor, id: number, input: RemoveAssignment): Promise<void> {
      const body = removeAssignmentSchema.parse(input);
      await db.transaction(async (tx) => {
        const row = await repository.find(tx, id, 'update');
        if (!row || row.portalId !== actor.portalId) throw new AppError('NOT_FOUND');
        if (row.version !== body.version) throw new AppError('CONFLICT');
        if (row.status !== 'O') throw new AppError('ASSIGNMENT_NOT_OPEN');
        const classification = classifyRemoval(body);
        if (classification !== 0) {
          const code = REMOVAL_CODES[classification];
          const field = REMOVAL_CLASSIFICATION_FIELDS[classification];
          const message = errorCatalogue[code].message;
          throw new AppError(code, { details: [{ path: ['body', field], message, classification }] });
        }
        const topic = await topics.findTopic(tx, row.topicId);
        if (!topic) throw new AppError('NOT_FOUND');
        let replacementTopicId: number | null = null;
        if (body.action === 'replaced') {
          const replacing = await topics.findTopic(tx, body.replacementTopicId ?? 0);
          if (!replacing || replacing.portalId !== actor.portalId || replacing.id === row.topicId) {
            const message = errorCatalogue.REMOVAL_REPLACEMENT_INVALID.message;
            throw new AppError('REMOVAL_REPLACEMENT_INVALID', {
              details: [{ path: ['body', 'replacementTopicId'], message }],
            });
          }
          replacementTopicId = replacing.id;
        }
        if (!(await repository.deleteVersioned(tx, id, body.version))) throw new AppError('CONFLICT');
        await removals.insert(tx, {
          portalId: row.portalId,
          employeeId: row.employeeId,
          topicId: row.topicId,
          topicIdentifier: topic.identifier,
          topicLabel: topic.label,
          itemType: row.type,
          dueDate: row.dueDate,
          action: body.action as RemovalAction,
          replacementTopicId,
          reason: body.reason.trim(),
          removedBy: actor.employeeId,
        });
        await repository.logChange(tx, {
          entity: 'instruction_assignment',
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
      });
    },

    /** The removed items with their classification (decision 080). */
    removals: (actor: Actor, query: RemovalListQuery) => removals.list(db, actor.portalId, query),

    /** The topics' deletion guard: a topic that an assignment includes stays. */
    async topicDeletionGuard(ex: Executor, topicId: number): Promise<string | null> {
      const n = await repository.countOfTopic(ex, topicId);
      return n === 0 ? null : instructionsMessages.topicInUse(n);
    },

    /** The employees' deletion guard: completed instructions are the employer's proof and stay. */
    async employeeDeletionGuard(ex: Executor, employeeId: number): Promise<string | null> {
      const n = await repository.countDoneOfEmployee(ex, employeeId);
      return n === 0 ? null : instructionsMessages.employeeHasDoneInstructions(n);
    },
  };
}

export type AssignmentsService = ReturnType<typeof createAssignmentsService>;

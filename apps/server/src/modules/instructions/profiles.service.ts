import { instructionProfilesMessages } from '@schutzwerk/shared/errors.ts';
import type { AssignmentListQuery } from '@schutzwerk/shared/instructions/assignments.schema.ts';
import type {
  CreateException,
  CreateProfile,
  EmployeeInstructions,
  ExceptionRow,
  MatrixAssign,
  MatrixAssignResult,
  MatrixQuery,
  Profile,
  ProfileSaveResult,
  ProfileSourceInput,
  UpdateProfile,
} from '@schutzwerk/shared/instructions/profiles.schema.ts';
import {
  createExceptionSchema,
  createProfileSchema,
  matrixAssignSchema,
  matrixQuerySchema,
  updateProfileSchema,
} from '@schutzwerk/shared/instructions/profiles.schema.ts';
import type { ListQuery } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError, isUniqueViolation } from '#platform/errors.ts';
import type { AssignmentsRepository } from './assignments.repository.ts';
import { berlinToday } from './assignments.service.ts';
import type { ProfileSource, ProfilesRepository, ReconcileScope } from './profiles.repository.ts';

type Deps = {
  db: Db;
  repository: ProfilesRepository;
  assignments: Pick<AssignmentsRepository, 'list'>;
  now?: () => Date;
};

/**
 * Instruction profiles (decision 040): sets of topics assigned to activities, roles, locations and departments;
 * `reconcile` turns them into open assignments of the employees who need them (and removes open ones nobody's
 * profile needs any more). The exception list keeps a topic from an employee; the matrix shows and assigns
 * employees × topics.
 */
export function createProfilesService({ db, repository, assignments, now = () => new Date() }: Deps) {
  const today = () => berlinToday(now());

  async function loadProfile(ex: Executor, actor: Actor, id: number, lock?: 'update') {
    const row = await repository.find(ex, id, lock);
    if (!row || row.portalId !== actor.portalId) throw new AppError('NOT_FOUND');
    return row;
  }

  async function toDto(ex: Executor, id: number): Promise<Profile> {
    const row = await repository.find(ex, id);
    if (!row) throw new AppError('NOT_FOUND');
    return {
      id: row.id,
      label: row.label,
      description: row.description,
      includeSubUnits: row.includeSubUnits,
      version: row.version,
      topics: await repository.topicsOf(ex, id),
      sources: await repository.sourcesOf(ex, id),
      employeeCount: await repository.employeeCount(ex, id),
    };
  }

  /** The topics and sources must be of the caller's portal; an activity source no role, a role source a role. */
  async function checkContent(
    ex: Executor,
    portalId: number,
    topicIds: readonly number[],
    sources: readonly ProfileSourceInput[],
  ): Promise<{ topicIds: number[]; sources: ProfileSource[] }> {
    const topics = [...new Set(topicIds)];
    if ((await repository.topicIdsOfPortal(ex, portalId, topics)).length !== topics.length) {
      throw new AppError('PROFILE_TOPIC_INVALID', {
        details: [{ path: ['body', 'topicIds'], message: instructionProfilesMessages.fieldTopicsInvalid }],
      });
    }
    const unique = [...new Map(sources.map((s) => [`${s.kind}:${s.id}`, s])).values()];
    const of = (kind: ProfileSourceInput['kind']) => unique.filter((s) => s.kind === kind).map((s) => s.id);
    const nodes = new Map(
      (await repository.activitiesOfPortal(ex, portalId, [...of('activity'), ...of('role')])).map((n) => [
        n.id,
        n.isRole,
      ]),
    );
    const locations = new Set(await repository.locationIdsOfPortal(ex, portalId, of('location')));
    const departments = new Set(await repository.departmentIdsOfPortal(ex, portalId, of('department')));
    const valid = unique.every((s) => {
      if (s.kind === 'activity') return nodes.get(s.id) === false;
      if (s.kind === 'role') return nodes.get(s.id) === true;
      if (s.kind === 'location') return locations.has(s.id);
      return departments.has(s.id);
    });
    if (!valid) {
      throw new AppError('PROFILE_SOURCE_INVALID', {
        details: [{ path: ['body', 'sources'], message: instructionProfilesMessages.fieldSourcesInvalid }],
      });
    }
    return { topicIds: topics, sources: unique };
  }

  async function assertLabelFree(ex: Executor, portalId: number, label: string, exceptId?: number) {
    if (await repository.labelTaken(ex, portalId, label, exceptId)) {
      throw new AppError('PROFILE_LABEL_EXISTS', {
        details: [{ path: ['body', 'label'], message: instructionProfilesMessages.fieldLabelTaken }],
      });
    }
  }

  /** The employee of the caller's portal (inactive ones only with the right to see them), else 404. */
  async function loadEmployee(ex: Executor, actor: Actor, employeeId: number) {
    const row = await repository.employeeBrief(ex, employeeId);
    if (
      !row ||
      row.portalId !== actor.portalId ||
      (!row.active && !actorHasAny(actor, P.EMPLOYEES_SHOW_INACTIVE))
    ) {
      throw new AppError('EMPLOYEE_NOT_FOUND');
    }
    return row;
  }

  const reconcile = (ex: Executor, scope: ReconcileScope, actorId: number | null, reason: string) =>
    repository.reconcile(ex, scope, today(), actorId, reason);

  return {
    list: (actor: Actor, query: ListQuery) => repository.list(db, actor.portalId, query),

    async get(actor: Actor, id: number): Promise<Profile> {
      await loadProfile(db, actor, id);
      return toDto(db, id);
    },

    /** Creates the profile and gives its topics to every employee it applies to (one transaction). */
    async create(actor: Actor, raw: CreateProfile): Promise<ProfileSaveResult> {
      const input = createProfileSchema.parse(raw);
      try {
        return await db.transaction(async (tx) => {
          await repository.lockPortal(tx, actor.portalId);
          await assertLabelFree(tx, actor.portalId, input.label);
          const content = await checkContent(tx, actor.portalId, input.topicIds, input.sources);
          const id = await repository.insert(tx, {
            portalId: actor.portalId,
            label: input.label,
            description: input.description,
            includeSubUnits: input.includeSubUnits,
          });
          await repository.replaceTopics(tx, id, content.topicIds);
          await repository.replaceSources(tx, id, content.sources);
          await repository.logChange(tx, {
            entity: 'instruction_profile',
            entityId: id,
            state: LOG_STATE.CREATED,
            actorId: actor.employeeId,
            changes: {
              label: { from: null, to: input.label },
              includeSubUnits: { from: null, to: input.includeSubUnits },
              topicIds: { from: null, to: content.topicIds },
              sources: { from: null, to: content.sources },
            },
          });
          const result = await reconcile(tx, { portalId: actor.portalId }, actor.employeeId, `profile ${id}`);
          return { profile: await toDto(tx, id), assignments: result };
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('PROFILE_LABEL_EXISTS');
        }
        throw error;
      }
    },

    /** Whole-record save; the portal's assignments follow the new topics and sources in the same transaction. */
    async update(actor: Actor, id: number, raw: UpdateProfile): Promise<ProfileSaveResult> {
      const input = updateProfileSchema.parse(raw);
      try {
        return await db.transaction(async (tx) => {
          await repository.lockPortal(tx, actor.portalId);
          const before = await loadProfile(tx, actor, id, 'update');
          if (before.version !== input.version) throw new AppError('CONFLICT');
          await assertLabelFree(tx, actor.portalId, input.label, id);
          const content = await checkContent(tx, actor.portalId, input.topicIds, input.sources);
          const topicsBefore = (await repository.topicsOf(tx, id)).map((t) => t.id);
          const sourcesBefore = (await repository.sourcesOf(tx, id)).map((s) => ({ kind: s.kind, id: s.id }));
          if (
            !(await repository.updateVersioned(tx, id, input.version, {
              label: input.label,
              description: input.description,
              includeSubUnits: input.includeSubUnits ?? before.includeSubUnits,
            }))
          ) {
            throw new AppError('CONFLICT');
          }
          await repository.replaceTopics(tx, id, content.topicIds);
          await repository.replaceSources(tx, id, content.sources);
          await repository.logChange(tx, {
            entity: 'instruction_profile',
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: {
              label: { from: before.label, to: input.label },
              includeSubUnits: {
                from: before.includeSubUnits,
                to: input.includeSubUnits ?? before.includeSubUnits,
              },
              topicIds: { from: topicsBefore, to: content.topicIds },
              sources: { from: sourcesBefore, to: content.sources },
            },
          });
          const result = await reconcile(tx, { portalId: actor.portalId }, actor.employeeId, `profile ${id}`);
          return { profile: await toDto(tx, id), assignments: result };
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('PROFILE_LABEL_EXISTS');
        }
        throw error;
      }
    },

    /** A profile in use (assigned to anything) cannot be deleted (spec). */
    async remove(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        await repository.lockPortal(tx, actor.portalId);
        const row = await loadProfile(tx, actor, id, 'update');
        if (row.version !== version) throw new AppError('CONFLICT');
        const sources = await repository.sourceCount(tx, id);
        if (sources > 0) {
          throw new AppError('PROFILE_IN_USE', {
            message: instructionProfilesMessages.profileInUse(sources),
          });
        }
        if (!(await repository.deleteVersioned(tx, id, version))) throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: 'instruction_profile',
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
          changes: { label: { from: row.label, to: null } },
        });
      });
    },

    /** The employee record's tab: the profiles that apply and the number of open items. */
    async employeeInstructions(actor: Actor, employeeId: number): Promise<EmployeeInstructions> {
      await loadEmployee(db, actor, employeeId);
      return {
        profiles: await repository.profilesOfEmployee(db, employeeId),
        openCount: await repository.openCount(db, employeeId),
      };
    },

    /** The employee's items (all statuses) on the list protocol. */
    async employeeAssignments(actor: Actor, employeeId: number, query: AssignmentListQuery) {
      await loadEmployee(db, actor, employeeId);
      return assignments.list(db, actor.portalId, { ...query, employeeId });
    },

    async exceptions(actor: Actor, employeeId: number): Promise<ExceptionRow[]> {
      await loadEmployee(db, actor, employeeId);
      return repository.exceptionsOf(db, employeeId);
    },

    /** Puts a topic on the employee's exception list and removes their open items of it (one transaction). */
    async addException(actor: Actor, employeeId: number, raw: CreateException) {
      const input = createExceptionSchema.parse(raw);
      try {
        return await db.transaction(async (tx) => {
          await loadEmployee(tx, actor, employeeId);
          if ((await repository.topicIdsOfPortal(tx, actor.portalId, [input.topicId])).length === 0) {
            throw new AppError('PROFILE_TOPIC_INVALID', {
              details: [
                { path: ['body', 'topicId'], message: instructionProfilesMessages.fieldTopicsInvalid },
              ],
            });
          }
          if (await repository.exceptionExists(tx, employeeId, input.topicId)) {
            throw new AppError('EXCEPTION_EXISTS');
          }
          const id = await repository.insertException(tx, {
            portalId: actor.portalId,
            employeeId,
            topicId: input.topicId,
            reason: input.reason,
            createdBy: actor.employeeId,
          });
          const removed = await repository.deleteOpenOfTopic(tx, employeeId, input.topicId);
          await repository.logChange(tx, {
            entity: 'instruction_exception',
            entityId: id,
            state: LOG_STATE.CREATED,
            actorId: actor.employeeId,
            changes: {
              employeeId: { from: null, to: employeeId },
              topicId: { from: null, to: input.topicId },
              reason: { from: null, to: input.reason },
              removedAssignments: { from: null, to: removed },
            },
          });
          const rows = await repository.exceptionsOf(tx, employeeId);
          const exception = rows.find((r) => r.id === id);
          if (!exception) throw new AppError('NOT_FOUND');
          return { exception, removed: removed.length };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('EXCEPTION_EXISTS');
        throw error;
      }
    },

    /** Takes a topic off the list; the employee's profiles give it again at once. */
    async removeException(actor: Actor, employeeId: number, exceptionId: number, version: number) {
      await db.transaction(async (tx) => {
        await loadEmployee(tx, actor, employeeId);
        const row = await repository.findException(tx, exceptionId);
        if (!row || row.employeeId !== employeeId) throw new AppError('NOT_FOUND');
        if (row.version !== version) throw new AppError('CONFLICT');
        if (!(await repository.deleteExceptionVersioned(tx, exceptionId, version)))
          throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: 'instruction_exception',
          entityId: exceptionId,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
          changes: { topicId: { from: row.topicId, to: null }, reason: { from: row.reason, to: null } },
        });
        await reconcile(tx, { employeeIds: [employeeId] }, actor.employeeId, 'exception removed');
      });
    },

    matrixTopics: (actor: Actor) => repository.matrixTopics(db, actor.portalId),

    matrix: (actor: Actor, query: MatrixQuery) =>
      repository.matrixPage(db, actor.portalId, matrixQuerySchema.parse(query), today()),

    /** Bulk assignment from the matrix: every pair must name an employee and an active topic of the portal. */
    async matrixAssign(actor: Actor, raw: MatrixAssign): Promise<MatrixAssignResult> {
      const input = matrixAssignSchema.parse(raw);
      const pairs = [...new Map(input.pairs.map((p) => [`${p.employeeId}:${p.topicId}`, p])).values()];
      return db.transaction(async (tx) => {
        const topicIds = [...new Set(pairs.map((p) => p.topicId))];
        const employeeIds = [...new Set(pairs.map((p) => p.employeeId))];
        const topics = await repository.activeTopicsOfPortal(tx, actor.portalId, topicIds);
        const found = await repository.employeeIdsOfPortal(tx, actor.portalId, employeeIds);
        if (topics.length !== topicIds.length || found.length !== employeeIds.length) {
          throw new AppError('MATRIX_CELL_INVALID');
        }
        const created = await repository.assignPairs(
          tx,
          actor.portalId,
          pairs,
          input.dueDate,
          today(),
          actor.employeeId,
        );
        return { created, skipped: pairs.length - created };
      });
    },

    /**
     * The hook the people modules call in their transaction when employees' activities, roles, location,
     * department or active flag changed (or they were created): their assignments follow their profiles.
     */
    async employeesChanged(ex: Executor, change: { employeeIds: readonly number[]; actorId: number | null }) {
      await reconcile(ex, { employeeIds: change.employeeIds }, change.actorId, 'employee changed');
    },

    /**
     * The organisation's move hook (decision 045): a location or department moved to another parent changes
     * which profiles reach its employees through „gilt auch für untergeordnete Einheiten“; the employees of the
     * moved branch are reconciled in the mover's transaction.
     */
    async unitMoved(
      ex: Executor,
      change: { kind: 'location' | 'department'; unitId: number; actorId: number | null },
    ) {
      const employeeIds = await repository.employeesInBranch(ex, change.kind, change.unitId);
      await reconcile(ex, { employeeIds }, change.actorId, `${change.kind} moved`);
    },

    /** The topics' deletion guard: a topic in a profile stays. */
    async topicDeletionGuard(ex: Executor, topicId: number): Promise<string | null> {
      const labels = await repository.profileLabelsOfTopic(ex, topicId);
      return labels.length === 0 ? null : instructionProfilesMessages.topicInProfiles(labels);
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;

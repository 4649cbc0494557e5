import { substancesMessages } from '@schutzwerk/shared/errors/substances.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import {
  type CreateSubstitutionTest,
  createSubstitutionTestSchema,
  type ImportSubstitutionTest,
  importSubstitutionTestSchema,
  missingForFinish,
  nextDueDate,
  type SubstitutionListQuery,
  type SubstitutionTest,
  substitutionMessages,
  type UpdateSubstitutionTest,
  updateSubstitutionTestSchema,
} from '@schutzwerk/shared/substances/substitution.schema.ts';
import type { Db, Executor } from '#db/client.ts';
import { createTask, deleteOpenTasks } from '#modules/actions/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { PortalScope } from './substances.repository.ts';
import { type SubstitutionRecord, substitutionRepository } from './substitution.repository.ts';

/** The task source of substitution tests: the responsible person's task to repeat the test (decision 050). */
export const SUBSTITUTION_TASK_SOURCE = 'substitution';

type Fields = {
  substanceIds: number[];
  testDate: string | null;
  riskLevel: number | null;
  recommendation: 'keep' | 'new' | null;
  reason: string;
  intervalDays: number | null;
  responsibleEmployeeId: number | null;
  finished: boolean;
};

export type SubstitutionService = ReturnType<typeof createSubstitutionService>;

/**
 * Substitution tests (decision 050): up to SUBSTITUTION_MAX_SUBSTANCES substances of the caller's portal,
 * finished only with every field, an imported test saved only with a changed reason, and on every save the
 * responsible person's repeat task brought in line (finished: one open 'check' task due at test date +
 * interval; unfinished: none). The task is mailed by the actions module's daily reminder job.
 */
export function createSubstitutionService({ db }: { db: Db }) {
  const repository = substitutionRepository;
  const scopeOf = (actor: Actor): PortalScope => (actor.isMainPortal ? 'all' : actor.portalId);

  async function load(ex: Executor, actor: Actor, id: number, lock?: 'update') {
    const row = await repository.findById(ex, id, scopeOf(actor), lock);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function present(ex: Executor, row: SubstitutionRecord): Promise<SubstitutionTest> {
    return {
      id: row.id,
      version: row.version,
      substances: await repository.substancesOf(ex, row.id),
      testDate: row.testDate,
      riskLevel: row.riskLevel,
      recommendation: row.recommendation as 'keep' | 'new' | null,
      reason: row.reason,
      intervalDays: row.intervalDays,
      responsibleEmployeeId: row.responsibleEmployeeId,
      responsibleName: await repository.employeeName(ex, row.responsibleEmployeeId),
      finished: row.finished,
      imported: row.imported,
      reasonMustChange: row.imported && row.importedReason !== null && row.reason === row.importedReason,
      nextDueDate: row.finished ? nextDueDate(row.testDate, row.intervalDays) : null,
    };
  }

  /** Substances of the caller's portal and an existing responsible person. */
  async function checkReferences(ex: Executor, actor: Actor, input: Fields) {
    const known = await repository.knownSubstances(ex, input.substanceIds, scopeOf(actor));
    const details: { path: string[]; message: string }[] = [];
    if (input.substanceIds.some((id) => !known.has(id)))
      details.push({
        path: ['substanceIds'],
        message: substancesMessages.fieldSubstanceMissing,
      });
    if (
      input.responsibleEmployeeId !== null &&
      !(await repository.employeeExists(ex, input.responsibleEmployeeId))
    )
      details.push({ path: ['responsibleEmployeeId'], message: substancesMessages.fieldPersonMissing });
    if (details.length > 0) throw new AppError('SUBSTITUTION_REFERENCE_INVALID', { details });
    // The schema checks this already; the service holds the rule for every caller.
    if (input.finished) {
      const missing = missingForFinish(input);
      if (missing.length > 0)
        throw new AppError('SUBSTITUTION_INCOMPLETE', {
          details: missing.map((field) => ({ path: [field], message: substitutionMessages.required })),
        });
    }
  }

  /** The repeat task of a finished test: open tasks of the source are replaced (no churn when unchanged). */
  async function syncTask(ex: Executor, portalId: number, id: number, input: Fields, names: string) {
    await deleteOpenTasks(ex, { sourceType: SUBSTITUTION_TASK_SOURCE, sourceId: id, kinds: ['check'] });
    if (!input.finished || input.responsibleEmployeeId === null) return;
    await createTask(ex, {
      portalId,
      kind: 'check',
      sourceType: SUBSTITUTION_TASK_SOURCE,
      sourceId: id,
      assigneeId: input.responsibleEmployeeId,
      responsibleId: input.responsibleEmployeeId,
      title: `Substitutionsprüfung wiederholen: ${names}`.slice(0, 250),
      linkPath: `/substances/substitution/${id}`,
      dueDate: nextDueDate(input.testDate, input.intervalDays),
    });
  }

  async function log(
    ex: Executor,
    actor: Actor,
    id: number,
    state: number,
    changes?: Record<string, unknown>,
  ) {
    await recordChange(ex, {
      entity: 'substitution_test',
      entityId: id,
      state: state as (typeof LOG_STATE)[keyof typeof LOG_STATE],
      actorId: actor.employeeId,
      ...(changes ? { changes: changes as never } : {}),
    });
  }

  const columns = (input: Fields) => ({
    testDate: input.testDate,
    riskLevel: input.riskLevel,
    recommendation: input.recommendation,
    reason: input.reason,
    intervalDays: input.intervalDays,
    responsibleEmployeeId: input.responsibleEmployeeId,
    finished: input.finished,
  });

  async function namesOf(ex: Executor, id: number) {
    return (await repository.substancesOf(ex, id)).map((s) => s.designation).join(', ');
  }

  return {
    list: (actor: Actor, query: SubstitutionListQuery) => repository.list(db, scopeOf(actor), query),

    async get(actor: Actor, id: number) {
      return present(db, await load(db, actor, id));
    },

    async create(actor: Actor, body: CreateSubstitutionTest) {
      const input = createSubstitutionTestSchema.parse(body);
      return db.transaction(async (tx) => {
        await checkReferences(tx, actor, input);
        const id = await repository.insert(tx, {
          portalId: actor.portalId,
          ...columns(input),
          createdBy: actor.employeeId,
        });
        await repository.setSubstances(tx, id, input.substanceIds);
        await syncTask(tx, actor.portalId, id, input, await namesOf(tx, id));
        await log(tx, actor, id, LOG_STATE.CREATED);
        return present(tx, (await repository.findById(tx, id, 'all'))!);
      });
    },

    /** An imported test: unfinished, „Stoff beibehalten“, the reason it came with (must be changed to save). */
    async importTest(actor: Actor, body: ImportSubstitutionTest) {
      const input = importSubstitutionTestSchema.parse(body);
      return db.transaction(async (tx) => {
        const fields: Fields = {
          substanceIds: input.substanceIds,
          testDate: input.testDate,
          riskLevel: null,
          recommendation: 'keep',
          reason: input.reason,
          intervalDays: null,
          responsibleEmployeeId: null,
          finished: false,
        };
        await checkReferences(tx, actor, fields);
        const id = await repository.insert(tx, {
          portalId: actor.portalId,
          ...columns(fields),
          imported: true,
          importedReason: input.reason,
          createdBy: actor.employeeId,
        });
        await repository.setSubstances(tx, id, input.substanceIds);
        await log(tx, actor, id, LOG_STATE.CREATED, { imported: { from: null, to: true } });
        return present(tx, (await repository.findById(tx, id, 'all'))!);
      });
    },

    async update(actor: Actor, id: number, body: UpdateSubstitutionTest) {
      const input = updateSubstitutionTestSchema.parse(body);
      return db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'update');
        if (before.version !== input.version) throw new AppError('CONFLICT');
        if (
          before.imported &&
          before.importedReason !== null &&
          input.reason.trim() === before.importedReason.trim()
        )
          throw new AppError('SUBSTITUTION_REASON_UNCHANGED', {
            details: [{ path: ['reason'], message: substitutionMessages.reasonUnchanged }],
          });
        await checkReferences(tx, actor, input);
        if (!(await repository.updateVersioned(tx, id, input.version, columns(input))))
          throw new AppError('CONFLICT');
        await repository.setSubstances(tx, id, input.substanceIds);
        await syncTask(tx, before.portalId, id, input, await namesOf(tx, id));
        await log(tx, actor, id, LOG_STATE.CHANGED, {
          finished: { from: before.finished, to: input.finished },
          recommendation: { from: before.recommendation, to: input.recommendation },
        });
        return present(tx, (await repository.findById(tx, id, 'all'))!);
      });
    },

    async remove(actor: Actor, id: number, version: number) {
      await db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'update');
        if (before.version !== version) throw new AppError('CONFLICT');
        await deleteOpenTasks(tx, { sourceType: SUBSTITUTION_TASK_SOURCE, sourceId: id });
        if (!(await repository.deleteVersioned(tx, id, version))) throw new AppError('CONFLICT');
        await log(tx, actor, id, LOG_STATE.DELETED);
      });
    },

    /** Reading a test's task: anyone who reads substances or runs substitution tests. */
    mayRead: (actor: Actor) => actorHasAny(actor, P.HAZMAT, P.HAZMAT_SUBSTITUTION),
  };
}

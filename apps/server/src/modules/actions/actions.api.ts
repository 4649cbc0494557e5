import { type ActionType, createActionSchema } from '@schutzwerk/shared/actions/actions.schema.ts';
import { actionsMessages } from '@schutzwerk/shared/errors.ts';
import type { Executor } from '#db/client.ts';
import { diffFields, LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { ActionsDeps } from './actions.deps.ts';
import { ACTION_FIELDS, actionColumns } from './actions.fields.ts';
import type { SyncActionTask } from './actions.task-flow.ts';

/** One action a source module creates for its record (createForSource). */
export type SourceActionItem = {
  designation: string;
  description?: string;
  type?: ActionType | null;
  responsibleId: number;
  dueDate?: string | null;
};

/**
 * The API other modules call (decision 020), always inside their own transaction (`ex`): the actions of
 * their source records — counted, listed, created, deleted — and the employees module's deletion guard.
 * The calling module has checked its own rights; no ACTIONS_* right is asked here.
 */
export function createActionsApi(
  { repository, sources }: Pick<ActionsDeps, 'repository' | 'sources'>,
  syncActionTask: SyncActionTask,
) {
  return {
    /** Number of actions of a source record (for deletion guards of source modules). */
    async countOfSource(ex: Executor, sourceType: string, sourceId: number): Promise<number> {
      return repository.countOfSource(ex, sourceType, sourceId);
    },

    /**
     * Open and done actions of some records of one source, by source id (e.g. the hazards of an assessment:
     * how many actions a removal would delete, and whether done ones refuse it).
     */
    async countsOfSources(
      ex: Executor,
      sourceType: string,
      sourceIds: readonly number[],
    ): Promise<Map<number, { total: number; done: number }>> {
      return repository.countsOfSources(ex, sourceType, sourceIds);
    },

    /** Designation and description of every action of one source record (e.g. which measures a hazard has). */
    async designationsOfSource(
      ex: Executor,
      sourceType: string,
      sourceId: number,
    ): Promise<{ designation: string; description: string }[]> {
      return repository.designationsOfSource(ex, sourceType, sourceId);
    },

    /**
     * Creates actions of one source record on behalf of its module, inside the module's transaction (e.g. the
     * proposed measures of a hazard brick on a new hazard, decision 021). Portal and location come from the
     * registered source; the input is validated like a created action (German messages); the executor's
     * task follows as usual.
     */
    async createForSource(
      ex: Executor,
      actorId: number,
      target: { sourceType: string; sourceId: number },
      items: readonly SourceActionItem[],
    ): Promise<number[]> {
      if (items.length === 0) return [];
      const source = sources.get(target.sourceType);
      if (!source) throw new AppError('ACTION_SOURCE_UNKNOWN');
      const portalId = await source.portalOf?.(ex, target.sourceId);
      if (portalId === null || portalId === undefined) throw new AppError('NOT_FOUND');
      const locationId = (await source.locationOf?.(ex, target.sourceId)) ?? null;
      const ids: number[] = [];
      for (const item of items) {
        const input = createActionSchema.parse({ ...item, ...target, locationId });
        const row = await repository.insertAction(ex, {
          portalId,
          sourceType: target.sourceType,
          sourceId: target.sourceId,
          ...actionColumns(input),
        });
        await syncActionTask(ex, row, actorId);
        await repository.logChange(ex, {
          entity: 'action',
          entityId: row.id,
          state: LOG_STATE.CREATED,
          actorId,
          changes: diffFields(
            {} as Record<string, unknown>,
            { ...actionColumns(input), done: false },
            ACTION_FIELDS,
          ),
        });
        ids.push(row.id);
      }
      return ids;
    },

    /**
     * Deletes the actions of a source record that are not done, with their open tasks, inside the caller's
     * transaction (e.g. a removed hazard); each deletion is logged. Done actions stay: the caller refuses
     * the removal when there are any (they are documented evidence). Answers the number deleted.
     */
    async deleteOpenOfSource(
      ex: Executor,
      actorId: number,
      sourceType: string,
      sourceId: number,
    ): Promise<number> {
      await repository.deleteOpenTasks(ex, { sourceType, sourceId, kinds: ['action'] });
      const rows = await repository.deleteOpenActionsOfSource(ex, sourceType, sourceId);
      for (const row of rows) {
        await repository.logChange(ex, {
          entity: 'action',
          entityId: row.id,
          state: LOG_STATE.DELETED,
          actorId,
          changes: { designation: { from: row.designation, to: null } },
        });
      }
      return rows.length;
    },

    /** Deletes all actions (and their tasks) of a source record, inside the caller's transaction. */
    async deleteOfSource(ex: Executor, sourceType: string, sourceId: number): Promise<number> {
      return repository.deleteActionsOfSource(ex, sourceType, sourceId);
    },

    /**
     * For the employees module's deletion guards: an employee who is responsible for or executes an action
     * cannot be deleted (their tasks, participations and done/checked marks would go silently).
     */
    async employeeDeletionGuard(ex: Executor, employeeId: number): Promise<string | null> {
      const n = await repository.countActionsOfEmployee(ex, employeeId);
      if (n === 0) return null;
      return actionsMessages.employeeHasActions(n);
    },
  };
}

export type ActionsApi = ReturnType<typeof createActionsApi>;

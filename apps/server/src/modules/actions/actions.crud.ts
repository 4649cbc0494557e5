import {
  type Action,
  type ActionListQuery,
  type ActionRow,
  type ActionType,
  actionListQuerySchema,
  type CreateAction,
  createActionSchema,
  GENERAL_SOURCE,
  type UpdateAction,
  updateActionSchema,
} from '@schutzwerk/shared/actions/actions.schema.ts';
import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Actor } from '#platform/access.ts';
import { diffFields, LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { ActionAccess } from './actions.access.ts';
import type { ActionsDeps } from './actions.deps.ts';
import { ACTION_FIELDS, actionColumns, actionLocation, checkReferences } from './actions.fields.ts';
import type { ActionPresenter } from './actions.presenter.ts';
import type { ActionReadScope } from './actions.repository.ts';
import type { SyncActionTask } from './actions.task-flow.ts';

/**
 * Action CRUD (decision 020): the list (scoped by the reading rights, or one source record's actions when
 * the source grants reading), the record, create, update (done flag and other fields checked separately)
 * and delete. Every write keeps the executor's task in sync and writes a change-log row.
 */
export function createActionRecords(
  { db, repository, sources }: Pick<ActionsDeps, 'db' | 'repository' | 'sources'>,
  access: ActionAccess,
  presenter: ActionPresenter,
  syncActionTask: SyncActionTask,
) {
  return {
    async list(actor: Actor, raw: ActionListQuery | Record<string, unknown>): Promise<ListResult<ActionRow>> {
      const query = actionListQuerySchema.parse(raw);
      let scope: ActionReadScope;
      if (
        query.sourceType !== undefined &&
        query.sourceId !== undefined &&
        query.sourceType !== GENERAL_SOURCE
      ) {
        // One source record's actions: the source decides (deny by default for unknown types).
        const source = sources.get(query.sourceType);
        if (!source || !(await source.canRead(actor, db, query.sourceId)))
          throw new AppError('NO_PERMISSION');
        scope = { portalId: actor.portalId, all: true };
      } else {
        scope = await access.readScope(db, actor);
      }
      const result = await repository.listActions(db, query, scope);
      const label = await presenter.describe(db, result.rows);
      return {
        filteredCount: result.filteredCount,
        rows: result.rows.map((r) => {
          const d = label(r);
          return {
            ...r,
            type: r.type as ActionType | null,
            responsibleName: r.responsibleName ?? '',
            executorName: r.executorName ?? '',
            sourceLabel: d.label,
            sourceLink: d.link,
          };
        }),
      };
    },

    async get(actor: Actor, id: number): Promise<Action> {
      const row = await repository.findAction(db, id);
      if (!row) throw new AppError('ACTION_NOT_FOUND');
      if (!(await access.canRead(db, actor, row))) throw new AppError('NO_PERMISSION');
      return presenter.present(db, actor, row);
    },

    async create(actor: Actor, raw: CreateAction): Promise<Action> {
      const input = createActionSchema.parse(raw);
      const source = sources.get(input.sourceType);
      if (!source) throw new AppError('ACTION_SOURCE_UNKNOWN');
      return db.transaction(async (tx) => {
        const portalId = (await source.portalOf?.(tx, input.sourceId)) ?? actor.portalId;
        if (portalId !== actor.portalId) throw new AppError('NO_PERMISSION');
        const locationId = await actionLocation(tx, source, input);
        const fields = { ...input, locationId };
        if (!(await access.canWrite(tx, actor, fields, [P.ACTIONS_CREATE])))
          throw new AppError('NO_PERMISSION');
        await checkReferences(repository, tx, portalId, fields);
        const row = await repository.insertAction(tx, {
          portalId,
          sourceType: input.sourceType,
          sourceId: input.sourceId,
          ...actionColumns(fields),
          done: input.done,
          doneAt: input.done ? new Date() : null,
          doneBy: input.done ? actor.employeeId : null,
        });
        await repository.replacePeople(tx, row.id, fields);
        await syncActionTask(tx, row, actor.employeeId);
        await repository.logChange(tx, {
          entity: 'action',
          entityId: row.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: diffFields(
            {} as Record<string, unknown>,
            { ...actionColumns(fields), done: input.done },
            ACTION_FIELDS,
          ),
        });
        return presenter.present(tx, actor, row);
      });
    },

    /**
     * Saves an action. Changing the done flag needs ACTIONS_COMPLETE or _EDIT, any other field _EDIT;
     * both within the action's scope. Stale version → CONFLICT. Keeps the executor's task in sync.
     */
    async update(actor: Actor, id: number, raw: UpdateAction): Promise<Action> {
      const input = updateActionSchema.parse(raw);
      return db.transaction(async (tx) => {
        const before = await repository.findAction(tx, id, true);
        if (!before) throw new AppError('ACTION_NOT_FOUND');
        if (before.version !== input.version) throw new AppError('CONFLICT');
        const locationId = await actionLocation(tx, sources.get(before.sourceType), {
          sourceType: before.sourceType,
          sourceId: before.sourceId,
          locationId: input.locationId,
        });
        const fields = { ...input, locationId, sourceType: before.sourceType, sourceId: before.sourceId };
        const beforePeople = await repository.peopleOf(tx, id);
        const beforeValues = { ...before, ...beforePeople } as unknown as Record<string, unknown>;
        const afterValues = {
          ...actionColumns(fields),
          done: input.done,
          participantIds: fields.participantIds,
          observerIds: fields.observerIds,
          affectedIds: fields.affectedIds,
        };
        const changes = diffFields(beforeValues, afterValues, ACTION_FIELDS);
        const doneChanged = 'done' in changes;
        const otherChanged = Object.keys(changes).some((k) => k !== 'done');
        if (otherChanged && !(await access.canWrite(tx, actor, before, [P.ACTIONS_EDIT])))
          throw new AppError('NO_PERMISSION');
        if (
          otherChanged &&
          !(await access.canWrite(tx, actor, { ...before, ...actionColumns(fields) }, [P.ACTIONS_EDIT]))
        )
          throw new AppError('NO_PERMISSION');
        if (doneChanged && !(await access.canWrite(tx, actor, before, [P.ACTIONS_EDIT, P.ACTIONS_COMPLETE])))
          throw new AppError('NO_PERMISSION');
        if (otherChanged) await checkReferences(repository, tx, before.portalId, fields);
        const row = await repository.updateActionVersioned(tx, id, input.version, {
          ...actionColumns(fields),
          done: input.done,
          ...(doneChanged
            ? { doneAt: input.done ? new Date() : null, doneBy: input.done ? actor.employeeId : null }
            : {}),
        });
        if (!row) throw new AppError('CONFLICT');
        await repository.replacePeople(tx, id, fields);
        await syncActionTask(tx, row, actor.employeeId);
        if (Object.keys(changes).length > 0)
          await repository.logChange(tx, {
            entity: 'action',
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes,
          });
        return presenter.present(tx, actor, row);
      });
    },

    /** Deletes an action (its tasks go with it). */
    async remove(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repository.findAction(tx, id, true);
        if (!before) throw new AppError('ACTION_NOT_FOUND');
        if (before.version !== version) throw new AppError('CONFLICT');
        if (!(await access.canWrite(tx, actor, before, [P.ACTIONS_DELETE])))
          throw new AppError('NO_PERMISSION');
        await repository.deleteAction(tx, id);
        await repository.logChange(tx, {
          entity: 'action',
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
      });
    },
  };
}

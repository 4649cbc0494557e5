import {
  type TaskListQueryInput,
  type TaskRow,
  type TaskState,
  taskListQuerySchema,
} from '@schutzwerk/shared/actions/actions.schema.ts';
import { actionsMessages } from '@schutzwerk/shared/errors.ts';
import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import { z } from 'zod';
import type { Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { ActionsDeps } from './actions.deps.ts';
import { type ActionPresenter, dateIso } from './actions.presenter.ts';
import type { ActionRecord, TaskInsert, TaskRecord } from './actions.repository.ts';

const emailCheck = z.email();

/**
 * Keeps the executor's task in line with an action: an action with an employee executor that is not done
 * has exactly one not-done 'action' task for that executor. A changed executor drops the old task and opens
 * one for the new; done completes it; title, due date and responsible follow the action.
 */
export function createActionTaskSync(
  { repository }: Pick<ActionsDeps, 'repository'>,
  presenter: Pick<ActionPresenter, 'describe'>,
) {
  return async function syncActionTask(ex: Executor, row: ActionRecord, actorId: number): Promise<void> {
    const open = await repository.openActionTask(ex, row.id, true);
    const wanted = !row.done && row.executorId !== null ? row.executorId : null;
    if (open && open.assigneeId !== wanted) {
      if (row.done)
        await repository.updateTask(ex, open.id, { state: 'done', doneAt: new Date(), doneBy: actorId });
      else await repository.deleteTask(ex, open.id);
    }
    if (wanted !== null && (!open || open.assigneeId !== wanted)) {
      const source = (await presenter.describe(ex, [row]))(row);
      await repository.insertTask(ex, {
        portalId: row.portalId,
        kind: 'action',
        sourceType: row.sourceType,
        sourceId: row.sourceId,
        actionId: row.id,
        assigneeId: wanted,
        responsibleId: row.responsibleId,
        title: row.designation,
        linkPath: source.link,
        dueDate: row.dueDate,
      });
    } else if (
      open &&
      wanted !== null &&
      (open.title !== row.designation ||
        open.dueDate !== row.dueDate ||
        open.responsibleId !== row.responsibleId)
    ) {
      await repository.updateTask(ex, open.id, {
        title: row.designation,
        dueDate: row.dueDate,
        responsibleId: row.responsibleId,
      });
    }
  };
}

export type SyncActionTask = ReturnType<typeof createActionTaskSync>;

/**
 * The task flow (decision 020): the caller's tasks, and the state machine open → problem (reported by the
 * assignee, mailed to the responsible person) → open (resolved by the responsible person) → done (completed
 * by the assignee; an action task marks its action done). Other modules' tasks are completed in their module.
 */
export function createTaskFlow({ db, repository, settings, mail }: ActionsDeps) {
  /** One state transition of a task: the new state with its fields, a new version and the change-log row. */
  async function moveTask(
    ex: Executor,
    task: TaskRecord,
    to: TaskRecord['state'],
    fields: Partial<TaskInsert>,
    actorId: number,
    extraChanges: Record<string, { from: unknown; to: unknown }> = {},
  ) {
    await repository.updateTask(ex, task.id, { ...fields, state: to });
    await repository.logChange(ex, {
      entity: 'task',
      entityId: task.id,
      state: LOG_STATE.CHANGED,
      actorId,
      changes: { state: { from: task.state, to }, ...extraChanges },
    });
  }

  async function markActionDone(ex: Executor, row: ActionRecord, actorId: number) {
    await repository.markActionDone(ex, row.id, actorId);
    await repository.logChange(ex, {
      entity: 'action',
      entityId: row.id,
      state: LOG_STATE.CHANGED,
      actorId,
      changes: { done: { from: false, to: true } },
    });
  }

  async function reportProblemIn(tx: Executor, actor: Actor, task: TaskRecord, reason: string) {
    if (task.assigneeId !== actor.employeeId) throw new AppError('ACTION_EXECUTOR_NOT_AUTHENTICATED');
    if (task.state !== 'open') throw new AppError('TASK_NOT_OPEN');
    const text = reason.trim();
    if (text === '') throw new AppError('ACTION_PROBLEM_REASON_EMPTY');
    const responsible =
      task.responsibleId === null ? undefined : await repository.contactOf(tx, task.responsibleId);
    const to = responsible?.email?.trim() ?? '';
    if (!responsible?.active || !emailCheck.safeParse(to).success)
      throw new AppError('ACTION_RESPONSIBLE_NO_EMAIL');
    await moveTask(
      tx,
      task,
      'problem',
      {
        problemReason: text,
        problemReportedAt: new Date(),
        problemReportedBy: actor.employeeId,
        problemResolvedAt: null,
        problemResolvedBy: null,
      },
      actor.employeeId,
      { problemReason: { from: null, to: text } },
    );
    const reporter = (await repository.persons(tx, [actor.employeeId])).get(actor.employeeId);
    const system = await settings.read(systemSettings, tx);
    const rendered = await mail.render(tx, {
      purpose: 'actionProblem',
      language: responsible.language || 'de',
      country: responsible.country,
      values: {
        firstName: responsible.firstName,
        lastName: responsible.lastName,
        contactPerson: reporter ? `${reporter.firstName} ${reporter.lastName}` : '',
        topic: task.title,
        reason: text,
        url: `${system.applicationUrl.replace(/\/$/, '')}/tasks`,
        company: system.companyName,
      },
    });
    await mail.enqueue(tx, {
      to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      purpose: 'actionProblem',
      relatedEmployeeId: responsible.id,
      ...(rendered.sender ? { from: rendered.sender } : {}),
    });
  }

  async function resolveProblemIn(tx: Executor, actor: Actor, task: TaskRecord) {
    if (task.responsibleId !== actor.employeeId) throw new AppError('ACTION_NOT_RESPONSIBLE');
    if (task.state !== 'problem') throw new AppError('ACTION_NO_OPEN_PROBLEM');
    await moveTask(
      tx,
      task,
      'open',
      { problemResolvedAt: new Date(), problemResolvedBy: actor.employeeId },
      actor.employeeId,
    );
  }

  /** Locks a task (and an action task's action); a given version must match. */
  async function lockTask(tx: Executor, id: number, version?: number): Promise<TaskRecord> {
    const task = await repository.findTaskForUpdate(tx, id);
    if (!task) throw new AppError('TASK_NOT_FOUND');
    if (
      task.kind === 'action' &&
      (task.actionId === null || !(await repository.findAction(tx, task.actionId, true)))
    )
      throw new AppError('ACTION_NOT_FOUND');
    if (version !== undefined && task.version !== version) throw new AppError('CONFLICT');
    return task;
  }

  /** An action's problem can be handled on the action: checks the spec's report errors in order. */
  async function actionForReport(tx: Executor, actor: Actor, actionId: number): Promise<TaskRecord> {
    const action = await repository.findAction(tx, actionId, true);
    if (!action) throw new AppError('ACTION_NOT_FOUND');
    if (action.externalExecutor !== null) {
      if (action.externalExecutor.trim() === '') throw new AppError('ACTION_EXTERNAL_EXECUTOR_NO_NAME');
      // An external executor cannot sign in, so no signed-in user is this action's executor.
      throw new AppError('ACTION_EXECUTOR_NOT_AUTHENTICATED');
    }
    if (action.executorId !== actor.employeeId) throw new AppError('ACTION_EXECUTOR_NOT_AUTHENTICATED');
    const task = await repository.openActionTask(tx, action.id, true);
    if (!task) throw new AppError('TASK_NOT_OPEN');
    return task;
  }

  return {
    /**
     * The caller's tasks: 'open' = assigned and open; 'problem' = reported problems the caller reported
     * (assignee) or must solve (responsible); 'done' = assigned and done.
     */
    async myTasks(actor: Actor, raw: TaskListQueryInput): Promise<ListResult<TaskRow>> {
      const query = taskListQuerySchema.parse(raw);
      const me = actor.employeeId;
      const result = await repository.listTasks(db, query, me);
      return {
        filteredCount: result.filteredCount,
        rows: result.rows.map((r) => ({
          ...r,
          kind: r.kind as TaskRow['kind'],
          state: r.state as TaskState,
          assigneeName: r.assigneeName ?? '',
          problemReportedAt: dateIso(r.problemReportedAt),
          doneAt: dateIso(r.doneAt),
          mine: r.assigneeId === me,
          responsibleIsMe: r.responsibleId === me,
        })),
      };
    },

    /** The assignee completes an action task: the action is marked done and the task closed. */
    async completeTask(actor: Actor, taskId: number, version: number, comment: string): Promise<void> {
      await db.transaction(async (tx) => {
        const task = await lockTask(tx, taskId, version);
        if (task.assigneeId !== actor.employeeId) throw new AppError('ACTION_EXECUTOR_NOT_AUTHENTICATED');
        if (task.state !== 'open') throw new AppError('TASK_NOT_OPEN');
        if (task.kind !== 'action')
          throw new AppError('INVALID_REQUEST', {
            message: actionsMessages.taskDoneInItsModule,
          });
        const action = (await repository.findAction(tx, task.actionId!))!;
        await moveTask(
          tx,
          task,
          'done',
          { doneAt: new Date(), doneBy: actor.employeeId, comment: comment.trim() || null },
          actor.employeeId,
        );
        if (!action.done) await markActionDone(tx, action, actor.employeeId);
      });
    },

    async reportTaskProblem(actor: Actor, taskId: number, version: number, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const task = await lockTask(tx, taskId);
        if (task.kind === 'action') await actionForReport(tx, actor, task.actionId!);
        if (task.version !== version) throw new AppError('CONFLICT');
        await reportProblemIn(tx, actor, task, reason);
      });
    },

    async resolveTaskProblem(actor: Actor, taskId: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const task = await lockTask(tx, taskId, version);
        await resolveProblemIn(tx, actor, task);
      });
    },

    /** Reports a problem on an action (its executor's open task); spec §8 "Action reports". */
    async reportActionProblem(actor: Actor, actionId: number, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const task = await actionForReport(tx, actor, actionId);
        await reportProblemIn(tx, actor, task, reason);
      });
    },

    /** The responsible person marks an action's reported problem resolved (the task returns to the executor). */
    async resolveActionProblem(actor: Actor, actionId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const action = await repository.findAction(tx, actionId, true);
        if (!action) throw new AppError('ACTION_NOT_FOUND');
        if (action.responsibleId !== actor.employeeId) throw new AppError('ACTION_NOT_RESPONSIBLE');
        const task = await repository.openActionTask(tx, actionId, true);
        if (!task) throw new AppError('ACTION_NO_OPEN_PROBLEM');
        await resolveProblemIn(tx, actor, task);
      });
    },
  };
}

import type { ListQuery, ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import type { Run, RunStarted, Task, UpdateSchedule } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { TASK_RUNS_LIMIT } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import type { Db, Tx } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { assertValidSchedule, nextFireTime } from './schedule.ts';
import type { SchedulerRepository, TaskPatch, TaskRow } from './scheduler.repository.ts';
import { scheduleColumns, scheduleOf, toTask } from './scheduler.repository.ts';
import type { Scheduler } from './scheduler.runner.ts';

const ENTITY = 'scheduled_task';

type Deps = {
  db: Db;
  repository: SchedulerRepository;
  scheduler: Pick<Scheduler, 'runNow'>;
  clock?: () => Date;
};

/** The administrators' side of the Aufgabenplanung: read, change the schedule, pause, resume, run now. */
export function createSchedulerService({ db, repository, scheduler, clock = () => new Date() }: Deps) {
  async function get(id: number): Promise<TaskRow> {
    const task = await repository.findById(db, id);
    if (!task) throw new AppError('SCHEDULER_TASK_NOT_FOUND');
    return task;
  }

  /** Locks the task, checks the form's version, applies the patch with version + 1 and logs the change. */
  async function change(
    actor: Actor,
    id: number,
    version: number,
    patchOf: (task: TaskRow) => TaskPatch | null,
  ): Promise<Task> {
    return db.transaction(async (tx: Tx) => {
      const task = await repository.lockById(tx, id);
      if (!task) throw new AppError('SCHEDULER_TASK_NOT_FOUND');
      if (task.version !== version) throw new AppError('CONFLICT');
      const patch = patchOf(task);
      if (!patch) return toTask(task);
      const updated = await repository.updateTask(tx, id, {
        ...patch,
        version: task.version + 1,
        updatedAt: clock(),
      });
      const fields = ['scheduleKind', 'cronExpression', 'intervalSeconds', 'paused'] as const;
      await recordChange(tx, {
        entity: ENTITY,
        entityId: id,
        state: LOG_STATE.CHANGED,
        actorId: actor.employeeId,
        changes: diffFields(task, updated, [...fields]),
      });
      return toTask(updated);
    });
  }

  return {
    async list(query: ListQuery): Promise<ListResult<Task>> {
      const result = await repository.list(db, query);
      return { rows: result.rows.map(toTask), filteredCount: result.filteredCount };
    },

    async get(id: number): Promise<Task> {
      return toTask(await get(id));
    },

    async runs(id: number, query: ListQuery): Promise<ListResult<Run>> {
      await get(id);
      return repository.runs(db, id, { ...query, limit: Math.min(query.limit, TASK_RUNS_LIMIT) });
    },

    /** A new cron expression or fixed interval; the next fire is planned from now. */
    async updateSchedule(actor: Actor, id: number, input: UpdateSchedule): Promise<Task> {
      assertValidSchedule(input.schedule);
      return change(actor, id, input.version, (task) => {
        if (task.state === 'none') throw new AppError('SCHEDULER_TASK_UNAVAILABLE');
        return {
          ...scheduleColumns(input.schedule),
          nextFireAt: task.paused ? null : nextFireTime(input.schedule, clock()),
        };
      });
    },

    /** Paused tasks are not run by the ticker (a run going on is not interrupted). */
    async pause(actor: Actor, id: number, version: number): Promise<Task> {
      return change(actor, id, version, (task) =>
        task.paused
          ? null
          : {
              paused: true,
              state: task.state === 'blocked' || task.state === 'none' ? task.state : 'paused',
              nextFireAt: null,
            },
      );
    },

    async resume(actor: Actor, id: number, version: number): Promise<Task> {
      return change(actor, id, version, (task) => {
        if (!task.paused) return null;
        const keep = task.state === 'blocked' || task.state === 'none';
        return {
          paused: false,
          state: keep ? task.state : task.lastOutcome === 'error' ? 'error' : 'normal',
          nextFireAt: task.state === 'none' ? null : nextFireTime(scheduleOf(task), clock()),
        };
      });
    },

    /** Starts a run in the background; the answer comes as soon as the task is claimed. */
    async runNow(actor: Actor, id: number): Promise<RunStarted> {
      const { runId, task } = await scheduler.runNow(id, actor.employeeId);
      return { runId, task: toTask(task) };
    },
  };
}

export type SchedulerService = ReturnType<typeof createSchedulerService>;

import type { ListQuery, ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import type { Run, Schedule, Task } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { and, asc, desc, eq, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { employees, sortKey } from '#modules/employees/tables.ts';
import { countAll, type ListSource, planList, runList } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import { scheduledTaskRuns, scheduledTasks } from './scheduler.table.ts';

export type TaskRow = typeof scheduledTasks.$inferSelect;
export type TaskPatch = Partial<Omit<typeof scheduledTasks.$inferInsert, 'id' | 'key'>>;
export type RunRow = typeof scheduledTaskRuns.$inferSelect;

/** Longest log kept per run; beyond it the log ends with a note. */
export const MAX_LOG_LENGTH = 64_000;

export function scheduleOf(
  row: Pick<TaskRow, 'scheduleKind' | 'cronExpression' | 'intervalSeconds'>,
): Schedule {
  return row.scheduleKind === 'cron'
    ? { kind: 'cron', cron: row.cronExpression ?? '' }
    : { kind: 'interval', seconds: row.intervalSeconds ?? 0 };
}

export function scheduleColumns(schedule: Schedule) {
  return schedule.kind === 'cron'
    ? { scheduleKind: 'cron' as const, cronExpression: schedule.cron, intervalSeconds: null }
    : { scheduleKind: 'interval' as const, cronExpression: null, intervalSeconds: schedule.seconds };
}

export function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    schedule: scheduleOf(row),
    state: row.state,
    paused: row.paused,
    nextFireAt: row.nextFireAt?.toISOString() ?? null,
    lastFireAt: row.lastFireAt?.toISOString() ?? null,
    lastOutcome: row.lastOutcome ?? null,
    lastSummary: row.lastSummary ?? null,
    version: row.version,
  };
}

const taskListSource: ListSource<'name' | 'nextFireAt' | 'lastFireAt' | 'state'> = {
  orderBy: {
    name: sortKey(scheduledTasks.name),
    nextFireAt: scheduledTasks.nextFireAt,
    lastFireAt: scheduledTasks.lastFireAt,
    state: scheduledTasks.state,
  },
  defaultOrderBy: 'name',
  tieBreaker: scheduledTasks.id,
  searchText: sql`${scheduledTasks.name} || ' ' || ${scheduledTasks.description}`,
};

export const schedulerRepository = {
  async list(ex: Executor, query: ListQuery): Promise<ListResult<TaskRow>> {
    const plan = planList(taskListSource, query);
    return runList(plan, {
      rows: (p) =>
        ex
          .select()
          .from(scheduledTasks)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      count: (where) => countRows(ex, scheduledTasks, where),
    });
  },

  async findById(ex: Executor, id: number): Promise<TaskRow | undefined> {
    const [row] = await ex.select().from(scheduledTasks).where(eq(scheduledTasks.id, id));
    return row;
  },

  async findByKey(ex: Executor, key: string): Promise<TaskRow | undefined> {
    const [row] = await ex.select().from(scheduledTasks).where(eq(scheduledTasks.key, key));
    return row;
  },

  /** Locks the task row for this transaction; undefined if it does not exist or another holds the lock. */
  async lockById(tx: Executor, id: number, options: { skipLocked?: boolean } = {}) {
    const [row] = await tx
      .select()
      .from(scheduledTasks)
      .where(eq(scheduledTasks.id, id))
      .for('update', options.skipLocked ? { skipLocked: true } : {});
    return row;
  },

  /**
   * The earliest due task this instance knows, locked for the claim. SKIP LOCKED: a task another
   * instance is claiming at this moment is passed over instead of waited for.
   */
  async lockNextDue(tx: Executor, now: Date, keys: string[]) {
    if (keys.length === 0) return undefined;
    const [row] = await tx
      .select()
      .from(scheduledTasks)
      .where(
        and(
          eq(scheduledTasks.paused, false),
          inArray(scheduledTasks.state, ['normal', 'error']),
          lte(scheduledTasks.nextFireAt, now),
          inArray(scheduledTasks.key, keys),
        ),
      )
      .orderBy(asc(scheduledTasks.nextFireAt), asc(scheduledTasks.id))
      .limit(1)
      .for('update', { skipLocked: true });
    return row;
  },

  /** Running tasks whose run has shown no sign of life since `cutoff`, locked (SKIP LOCKED). */
  async lockStale(tx: Executor, cutoff: Date, exceptRunIds: number[]) {
    return tx
      .select()
      .from(scheduledTasks)
      .where(
        and(
          eq(scheduledTasks.state, 'blocked'),
          or(
            lte(scheduledTasks.heartbeatAt, cutoff),
            and(isNull(scheduledTasks.heartbeatAt), lte(scheduledTasks.lockedAt, cutoff)),
            and(isNull(scheduledTasks.heartbeatAt), isNull(scheduledTasks.lockedAt)),
          ),
          exceptRunIds.length > 0 ? notInArray(scheduledTasks.currentRunId, exceptRunIds) : undefined,
        ),
      )
      .for('update', { skipLocked: true });
  },

  async allKeys(ex: Executor): Promise<{ key: string; row: TaskRow }[]> {
    const rows = await ex.select().from(scheduledTasks);
    return rows.map((row) => ({ key: row.key, row }));
  },

  async insertTask(ex: Executor, values: typeof scheduledTasks.$inferInsert) {
    await ex.insert(scheduledTasks).values(values).onConflictDoNothing({ target: scheduledTasks.key });
  },

  async updateTask(ex: Executor, id: number, patch: TaskPatch): Promise<TaskRow> {
    const [row] = await ex.update(scheduledTasks).set(patch).where(eq(scheduledTasks.id, id)).returning();
    if (!row) throw new Error(`scheduled task ${id} vanished`);
    return row;
  },

  async insertRun(ex: Executor, values: typeof scheduledTaskRuns.$inferInsert): Promise<number> {
    const [row] = await ex.insert(scheduledTaskRuns).values(values).returning({ id: scheduledTaskRuns.id });
    return row!.id;
  },

  /** Completes a run that is still open; false if someone else completed it already (crash recovery). */
  async finishRun(
    ex: Executor,
    id: number,
    values: { finishedAt: Date; outcome: 'ok' | 'error'; summary: string | null; log?: string },
  ): Promise<boolean> {
    const rows = await ex
      .update(scheduledTaskRuns)
      .set(values)
      .where(and(eq(scheduledTaskRuns.id, id), isNull(scheduledTaskRuns.outcome)))
      .returning({ id: scheduledTaskRuns.id });
    return rows.length > 0;
  },

  /** Appends a line to an open run's log (crash recovery). */
  async failOpenRun(ex: Executor, id: number, finishedAt: Date, line: string, summary: string) {
    await ex
      .update(scheduledTaskRuns)
      .set({
        finishedAt,
        outcome: 'error',
        summary,
        log: sql`case when ${scheduledTaskRuns.log} = '' then ${line} else ${scheduledTaskRuns.log} || ${`\n${line}`} end`,
      })
      .where(and(eq(scheduledTaskRuns.id, id), isNull(scheduledTaskRuns.outcome)));
  },

  /** A running run's sign of life: the heartbeat and the log so far. */
  async heartbeat(ex: Executor, taskId: number, runId: number, now: Date, log: string) {
    await ex
      .update(scheduledTasks)
      .set({ heartbeatAt: now })
      .where(and(eq(scheduledTasks.id, taskId), eq(scheduledTasks.currentRunId, runId)));
    await ex
      .update(scheduledTaskRuns)
      .set({ log })
      .where(and(eq(scheduledTaskRuns.id, runId), isNull(scheduledTaskRuns.outcome)));
  },

  async findRun(ex: Executor, id: number): Promise<RunRow | undefined> {
    const [row] = await ex.select().from(scheduledTaskRuns).where(eq(scheduledTaskRuns.id, id));
    return row;
  },

  /** The newest runs of a task first (list protocol: offset and limit). */
  async runs(ex: Executor, taskId: number, query: ListQuery): Promise<ListResult<Run>> {
    const direction = query.orderDirection === 'asc' ? asc : desc;
    const rows = await ex
      .select({
        run: scheduledTaskRuns,
        lastName: employees.lastName,
        firstName: employees.firstName,
        personnelNumber: employees.personnelNumber,
      })
      .from(scheduledTaskRuns)
      .leftJoin(employees, eq(employees.id, scheduledTaskRuns.triggeredBy))
      .where(eq(scheduledTaskRuns.taskId, taskId))
      .orderBy(direction(scheduledTaskRuns.startedAt), direction(scheduledTaskRuns.id))
      .limit(query.limit)
      .offset(query.offset);
    const [count] = await ex
      .select({ n: countAll })
      .from(scheduledTaskRuns)
      .where(eq(scheduledTaskRuns.taskId, taskId));
    return {
      rows: rows.map(({ run, lastName, firstName, personnelNumber }) => ({
        id: run.id,
        taskId: run.taskId,
        startedAt: run.startedAt.toISOString(),
        finishedAt: run.finishedAt?.toISOString() ?? null,
        outcome: run.outcome ?? null,
        trigger: run.trigger,
        triggeredBy:
          run.trigger === 'manual'
            ? formatName(lastName, firstName, personnelNumber) || 'gelöschter Mitarbeiter'
            : null,
        summary: run.summary ?? null,
        log: run.log,
      })),
      filteredCount: count?.n ?? 0,
    };
  },

  /**
   * Deletes the finished runs (and so their logs) started before `cutoff`, except the newest `keepPerTask`
   * of each task; answers how many were deleted.
   */
  async deleteOldRuns(ex: Executor, cutoff: Date, keepPerTask: number): Promise<number> {
    const deleted = await queryRows<{ id: number }>(
      ex,
      sql`delete from scheduled_task_runs r
           where r.finished_at is not null
             and r.started_at < ${cutoff.toISOString()}::timestamptz
             and r.id not in (
               select id from (
                 select id, row_number() over (partition by task_id order by started_at desc, id desc) as n
                   from scheduled_task_runs) ranked
                where ranked.n <= ${keepPerTask})
         returning r.id`,
    );
    return deleted.length;
  },
};

export type SchedulerRepository = typeof schedulerRepository;

function formatName(last: string | null, first: string | null, number: string | null): string {
  const name = [last?.trim(), first?.trim()].filter(Boolean).join(', ');
  const nr = number?.trim();
  if (!nr) return name;
  return name ? `${name} (${nr})` : `(${nr})`;
}

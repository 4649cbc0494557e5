import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Scheduled tasks (Aufgabenplanung): one row per job definition, ensured at start-up. The schedule is
 * seeded from the definition and then belongs to the administrators. `version` guards the admin's edits
 * only; the runner's bookkeeping (state, fire times, lock) does not bump it.
 */
export const scheduledTasks = pgTable(
  'scheduled_tasks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** 'cron' (cron_expression) or 'interval' (interval_seconds). */
    scheduleKind: text('schedule_kind').$type<'cron' | 'interval'>().notNull(),
    cronExpression: text('cron_expression'),
    intervalSeconds: integer('interval_seconds'),
    /** Spec trigger states: blocked (running), complete, error, none (no definition), normal, paused. */
    state: text('state').$type<'blocked' | 'complete' | 'error' | 'none' | 'normal' | 'paused'>().notNull(),
    paused: boolean('paused').notNull().default(false),
    nextFireAt: at('next_fire_at'),
    lastFireAt: at('last_fire_at'),
    lastOutcome: text('last_outcome').$type<'ok' | 'error'>(),
    lastSummary: text('last_summary'),
    /** Set while a run holds the task: which app instance, since when, its last sign of life, which run. */
    lockedBy: text('locked_by'),
    lockedAt: at('locked_at'),
    heartbeatAt: at('heartbeat_at'),
    currentRunId: bigint('current_run_id', { mode: 'number' }),
    ...versioned,
  },
  (t) => [
    // The tick's question: which unpaused tasks are due?
    index('scheduled_tasks_due').on(t.nextFireAt).where(sql`not ${t.paused}`),
  ],
);

/** One row per run of a task, written when the run starts and completed when it ends. */
export const scheduledTaskRuns = pgTable(
  'scheduled_task_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => scheduledTasks.id, { onDelete: 'cascade' }),
    startedAt: at('started_at').notNull(),
    finishedAt: at('finished_at'),
    /** null while running, then 'ok' or 'error'. */
    outcome: text('outcome').$type<'ok' | 'error'>(),
    trigger: text('trigger').$type<'schedule' | 'manual'>().notNull(),
    triggeredBy: integer('triggered_by').references(() => employees.id, { onDelete: 'set null' }),
    instance: text('instance').notNull(),
    summary: text('summary'),
    log: text('log').notNull().default(''),
  },
  (t) => [index('scheduled_task_runs_task').on(t.taskId, t.startedAt)],
);

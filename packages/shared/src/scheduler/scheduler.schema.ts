import { z } from 'zod';
import { versionSchema } from '../list/list.schema.ts';

/**
 * Scheduled tasks (Aufgabenplanung, spec shell §2.1 /taskschedule/edit; modules: "Scheduler task: name,
 * interval, last and next fire, state" and the trigger states below).
 */
export const TASK_STATES = ['blocked', 'complete', 'error', 'none', 'normal', 'paused'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const RUN_OUTCOMES = ['ok', 'error'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];
export const RUN_TRIGGERS = ['schedule', 'manual'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

/** Interval limits: at least 10 seconds, at most 31 days. */
export const MIN_INTERVAL_SECONDS = 10;
export const MAX_INTERVAL_SECONDS = 31 * 24 * 3600;
export const MAX_CRON_LENGTH = 120;
/** How many runs of a task the runs panel shows (and the API answers at most). */
export const TASK_RUNS_LIMIT = 20;

export const scheduleSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('cron'),
      cron: z
        .string({ message: 'Bitte geben Sie einen Cron-Ausdruck an.' })
        .trim()
        .min(1, { message: 'Bitte geben Sie einen Cron-Ausdruck an.' })
        .max(MAX_CRON_LENGTH, {
          message: `Der Cron-Ausdruck darf höchstens ${MAX_CRON_LENGTH} Zeichen lang sein.`,
        }),
    }),
    z.object({
      kind: z.literal('interval'),
      seconds: z
        .number({ message: 'Bitte geben Sie das Intervall als ganze Zahl an.' })
        .int({ message: 'Bitte geben Sie das Intervall als ganze Zahl an.' })
        .min(MIN_INTERVAL_SECONDS, {
          message: `Das Intervall muss mindestens ${MIN_INTERVAL_SECONDS} Sekunden betragen.`,
        })
        .max(MAX_INTERVAL_SECONDS, { message: 'Das Intervall darf höchstens 31 Tage betragen.' }),
    }),
  ],
  { message: 'Bitte wählen Sie „Cron-Ausdruck“ oder „Festes Intervall“.' },
);
export type Schedule = z.infer<typeof scheduleSchema>;

export const taskSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  schedule: scheduleSchema,
  state: z.enum(TASK_STATES),
  paused: z.boolean(),
  /** ISO 8601; null while paused or when the task has no definition in this program version. */
  nextFireAt: z.string().nullable(),
  lastFireAt: z.string().nullable(),
  lastOutcome: z.enum(RUN_OUTCOMES).nullable(),
  lastSummary: z.string().nullable(),
  version: z.number().int(),
});
export type Task = z.infer<typeof taskSchema>;

export const TASK_LIST_ORDER_COLUMNS = ['name', 'nextFireAt', 'lastFireAt', 'state'] as const;

export const runSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  startedAt: z.string(),
  /** null while the run is going on. */
  finishedAt: z.string().nullable(),
  /** null while the run is going on. */
  outcome: z.enum(RUN_OUTCOMES).nullable(),
  trigger: z.enum(RUN_TRIGGERS),
  /** Who started a manual run ('Nachname, Vorname (Personalnr)'); null for scheduled runs. */
  triggeredBy: z.string().nullable(),
  summary: z.string().nullable(),
  log: z.string(),
});
export type Run = z.infer<typeof runSchema>;

export const updateScheduleSchema = z.object({ version: versionSchema, schedule: scheduleSchema });
export type UpdateSchedule = z.infer<typeof updateScheduleSchema>;

export const taskVersionSchema = z.object({ version: versionSchema });
export type TaskVersion = z.infer<typeof taskVersionSchema>;

export const runStartedSchema = z.object({ runId: z.number().int(), task: taskSchema });
export type RunStarted = z.infer<typeof runStartedSchema>;

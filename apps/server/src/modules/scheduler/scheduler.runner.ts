import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Db, Tx } from '#db/client.ts';
import { AppError } from '#platform/errors.ts';
import type { JobDefinition } from './job.ts';
import { nextFireTime } from './schedule.ts';
import {
  MAX_LOG_LENGTH,
  type SchedulerRepository,
  scheduleOf,
  schedulerRepository,
  type TaskRow,
} from './scheduler.repository.ts';

export type SchedulerOptions = {
  db: Db;
  jobs: readonly JobDefinition[];
  /** Names this app process in locks and runs; unique per process by default. */
  instanceId?: string;
  /** The scheduler's clock (tests move it); defaults to the system clock. */
  clock?: () => Date;
  /** How often the ticker looks for due tasks (default 5 s). */
  tickSeconds?: number;
  /** How often a running run reports that it is alive and saves its log so far (default 10 s). */
  heartbeatSeconds?: number;
  /** A running task without a heartbeat for this long counts as crashed (default 120 s). */
  staleAfterSeconds?: number;
  /** Where failures of the ticker itself are reported (the app's logger). */
  onError?: (error: unknown, context: string) => void;
};

export type RunResult = { runId: number; taskId: number; outcome: 'ok' | 'error'; summary: string };

type Claim = {
  task: TaskRow;
  runId: number;
  job: JobDefinition;
  trigger: 'schedule' | 'manual';
  startedAt: Date;
};

const DEFAULT_TIMEOUT_SECONDS = 600;
const TRUNCATED_NOTE = '… (Protokoll gekürzt)';

const logTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const dateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

class RunAborted extends Error {}

/**
 * The runner (decision 010). Every app process has one; they coordinate only through PostgreSQL:
 * a due task is claimed in a short transaction (`FOR UPDATE SKIP LOCKED`, state → 'blocked', heartbeat),
 * the job runs outside any transaction, and finishing writes the run and the next fire time. A task
 * whose heartbeat stops (process died) is failed by the next tick of any instance and rescheduled.
 */
export function createScheduler(options: SchedulerOptions) {
  const { db } = options;
  const repository: SchedulerRepository = schedulerRepository;
  const jobs = new Map(options.jobs.map((job) => [job.key, job]));
  if (jobs.size !== options.jobs.length) throw new Error('Two scheduler jobs share one key');
  const keys = [...jobs.keys()];
  const instanceId =
    options.instanceId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const clock = options.clock ?? (() => new Date());
  const tickMs = (options.tickSeconds ?? 5) * 1000;
  const heartbeatMs = (options.heartbeatSeconds ?? 10) * 1000;
  const staleAfterMs = (options.staleAfterSeconds ?? 120) * 1000;
  const onError = options.onError ?? (() => undefined);

  /** Runs of this instance that have not finished: run id → controller and completion. */
  const inFlight = new Map<number, { controller: AbortController; done: Promise<RunResult> }>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<unknown> | undefined;
  let stopped = false;

  /** Creates missing task rows from the definitions and marks rows without a definition 'none'. */
  async function ensureTasks(): Promise<void> {
    const now = clock();
    for (const job of options.jobs) {
      const schedule = job.defaultSchedule;
      await repository.insertTask(db, {
        key: job.key,
        name: job.name,
        description: job.description,
        scheduleKind: schedule.kind,
        cronExpression: schedule.kind === 'cron' ? schedule.cron : null,
        intervalSeconds: schedule.kind === 'interval' ? schedule.seconds : null,
        state: 'normal',
        nextFireAt: nextFireTime(schedule, now),
      });
    }
    for (const { key, row } of await repository.allKeys(db)) {
      const job = jobs.get(key);
      if (job && (row.name !== job.name || row.description !== job.description || row.state === 'none')) {
        // Name and description belong to the program; the schedule belongs to the administrators.
        await db.transaction(async (tx) => {
          const current = await repository.lockById(tx, row.id);
          if (!current) return;
          const revived = current.state === 'none';
          await repository.updateTask(tx, row.id, {
            name: job.name,
            description: job.description,
            ...(revived
              ? {
                  state: current.paused ? 'paused' : current.lastOutcome === 'error' ? 'error' : 'normal',
                  nextFireAt: current.paused ? null : nextFireTime(scheduleOf(current), now),
                }
              : {}),
          });
        });
      } else if (!job && row.state !== 'none' && row.state !== 'blocked') {
        // A task of another program version (removed job): shown as 'none', never claimed here.
        await repository.updateTask(db, row.id, { state: 'none', nextFireAt: null });
      }
    }
  }

  async function claimNextDue(now: Date): Promise<Claim | undefined> {
    return db.transaction(async (tx) => {
      const task = await repository.lockNextDue(tx, now, keys);
      if (!task) return undefined;
      return claimLocked(tx, task, 'schedule', null, now);
    });
  }

  async function claimLocked(
    tx: Tx,
    task: TaskRow,
    trigger: 'schedule' | 'manual',
    triggeredBy: number | null,
    now: Date,
  ): Promise<Claim> {
    const job = jobs.get(task.key)!;
    const runId = await repository.insertRun(tx, {
      taskId: task.id,
      startedAt: now,
      trigger,
      triggeredBy,
      instance: instanceId,
    });
    const claimed = await repository.updateTask(tx, task.id, {
      state: 'blocked',
      lockedBy: instanceId,
      lockedAt: now,
      heartbeatAt: now,
      currentRunId: runId,
      lastFireAt: now,
    });
    return { task: claimed, runId, job, trigger, startedAt: now };
  }

  /** Starts a claimed run in the background; its completion is tracked in `inFlight`. */
  function launch(claim: Claim): Promise<RunResult> {
    const controller = new AbortController();
    const done = execute(claim, controller).finally(() => inFlight.delete(claim.runId));
    inFlight.set(claim.runId, { controller, done });
    return done;
  }

  async function execute(claim: Claim, controller: AbortController): Promise<RunResult> {
    const { job, runId, task } = claim;
    const lines: string[] = [];
    let length = 0;
    let truncated = false;
    const log = (line: string) => {
      if (truncated) return;
      const text = `${logTime.format(clock())} ${String(line)}`;
      if (length + text.length > MAX_LOG_LENGTH) {
        truncated = true;
        lines.push(TRUNCATED_NOTE);
        return;
      }
      lines.push(text);
      length += text.length + 1;
    };
    const logText = () => lines.join('\n');

    const timeoutSeconds = job.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
    const timeout = setTimeout(
      () =>
        controller.abort(
          new RunAborted(
            `Die maximale Laufzeit von ${timeoutSeconds} ${timeoutSeconds === 1 ? 'Sekunde' : 'Sekunden'} wurde überschritten; der Lauf wurde abgebrochen.`,
          ),
        ),
      timeoutSeconds * 1000,
    );
    timeout.unref();
    const heartbeat = setInterval(() => {
      repository
        .heartbeat(db, task.id, runId, clock(), logText())
        .catch((error: unknown) => onError(error, `heartbeat of run ${runId}`));
    }, heartbeatMs);
    heartbeat.unref();

    let outcome: 'ok' | 'error';
    let summary: string;
    try {
      const aborted = new Promise<never>((_, reject) => {
        const fail = () => reject(controller.signal.reason);
        if (controller.signal.aborted) fail();
        else controller.signal.addEventListener('abort', fail, { once: true });
      });
      const result = await Promise.race([
        job.run({ db, log, now: claim.startedAt, signal: controller.signal }),
        aborted,
      ]);
      outcome = 'ok';
      summary = String(result?.summary ?? '').slice(0, 500);
    } catch (error) {
      outcome = 'error';
      summary =
        error instanceof RunAborted
          ? error.message
          : `Fehler: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
      log(summary);
    } finally {
      clearTimeout(timeout);
      clearInterval(heartbeat);
    }
    await finish(claim, outcome, summary, logText());
    return { runId, taskId: task.id, outcome, summary };
  }

  async function finish(claim: Claim, outcome: 'ok' | 'error', summary: string, log: string): Promise<void> {
    const finishedAt = clock();
    try {
      await db.transaction(async (tx) => {
        const stillOurs = await repository.finishRun(tx, claim.runId, { finishedAt, outcome, summary, log });
        const task = await repository.lockById(tx, claim.task.id);
        // Failed meanwhile by another instance's crash check: the task is no longer ours.
        if (!stillOurs || !task || task.currentRunId !== claim.runId) return;
        await repository.updateTask(tx, task.id, {
          ...released(task, outcome, summary),
          nextFireAt: nextAfterRun(task, claim.trigger, finishedAt),
        });
      });
    } catch (error) {
      // The run's row stays open; the crash check of the next tick fails and reschedules it.
      onError(error, `finishing run ${claim.runId}`);
    }
  }

  function released(task: TaskRow, outcome: 'ok' | 'error', summary: string) {
    return {
      state: task.paused
        ? ('paused' as const)
        : outcome === 'error'
          ? ('error' as const)
          : ('normal' as const),
      lockedBy: null,
      lockedAt: null,
      heartbeatAt: null,
      currentRunId: null,
      lastOutcome: outcome,
      lastSummary: summary,
    };
  }

  /**
   * After a scheduled run: the next fire after the run's end (missed fires are not caught up). After a
   * manual run the plan stays, unless its fire time passed during the run.
   */
  function nextAfterRun(task: TaskRow, trigger: 'schedule' | 'manual', finishedAt: Date): Date | null {
    if (task.paused) return null;
    if (trigger === 'manual' && task.nextFireAt && task.nextFireAt > finishedAt) return task.nextFireAt;
    return nextFireTime(scheduleOf(task), finishedAt);
  }

  /**
   * Fails runs whose process stopped reporting (crash, kill, power loss) and reschedules their tasks.
   * `all`: every running task of other processes, whatever its heartbeat (only for a process that knows
   * it is alone on the database).
   */
  async function recoverStale(now: Date, all = false): Promise<number> {
    const cutoff = all ? new Date(now.getTime() + 86_400_000) : new Date(now.getTime() - staleAfterMs);
    return db.transaction(async (tx) => {
      const stale = await repository.lockStale(tx, cutoff, [...inFlight.keys()]);
      for (const task of stale) {
        const lastSign = task.heartbeatAt ?? task.lockedAt;
        const line = `${logTime.format(now)} Der Lauf wurde als abgebrochen gewertet: Die ausführende Instanz (${task.lockedBy ?? 'unbekannt'}) hat sich seit ${lastSign ? dateTime.format(lastSign) : 'dem Start'} nicht mehr gemeldet (z. B. Absturz oder Neustart des Servers).`;
        const summary = 'Abgebrochen: Die ausführende Instanz hat sich nicht mehr gemeldet.';
        if (task.currentRunId !== null)
          await repository.failOpenRun(tx, task.currentRunId, now, line, summary);
        await repository.updateTask(tx, task.id, {
          ...released(task, 'error', summary),
          nextFireAt: task.paused ? null : nextFireTime(scheduleOf(task), now),
        });
      }
      return stale.length;
    });
  }

  /**
   * One tick: fail crashed runs, then claim every due task this instance knows and start it (without
   * waiting for it). Answers the completions of the runs it started.
   */
  async function tick(): Promise<Promise<RunResult>[]> {
    const now = clock();
    await recoverStale(now);
    const started: Promise<RunResult>[] = [];
    while (!stopped) {
      const claim = await claimNextDue(now);
      if (!claim) break;
      started.push(launch(claim));
    }
    return started;
  }

  return {
    instanceId,
    repository,
    ensureTasks,
    recoverStale: () => recoverStale(clock()),
    /**
     * At start-up of the only process on a database (PGlite, guarded by its lock file): a task still
     * 'blocked' was left by a process that is gone, so it is failed at once instead of after the threshold.
     */
    recoverAbandoned: () => recoverStale(clock(), true),
    tick,

    /** A tick that waits for the runs it started (tests drive the scheduler with this). */
    async runDue(): Promise<RunResult[]> {
      return Promise.all(await tick());
    },

    /**
     * Claims one task for an immediate run through the same lock as the ticker, so a task never runs
     * twice at once; 409 SCHEDULER_TASK_RUNNING if it is running (or being claimed) right now.
     */
    async runNow(
      taskId: number,
      employeeId: number,
    ): Promise<{ runId: number; task: TaskRow; done: Promise<RunResult> }> {
      const now = clock();
      const claim = await db.transaction(async (tx) => {
        const task = await repository.lockById(tx, taskId, { skipLocked: true });
        if (!task) {
          const exists = await repository.findById(tx, taskId);
          throw new AppError(exists ? 'SCHEDULER_TASK_RUNNING' : 'SCHEDULER_TASK_NOT_FOUND');
        }
        if (task.state === 'blocked') throw new AppError('SCHEDULER_TASK_RUNNING');
        if (task.state === 'none' || !jobs.has(task.key)) throw new AppError('SCHEDULER_TASK_UNAVAILABLE');
        return claimLocked(tx, task, 'manual', employeeId, now);
      });
      return { runId: claim.runId, task: claim.task, done: launch(claim) };
    },

    /** Waits until every run this instance started has finished. */
    async whenIdle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()].map((r) => r.done));
    },

    /** Starts the ticker (an unref'd timer: it never keeps the process alive). */
    start(): void {
      if (timer || stopped) return;
      const runTick = () => {
        if (ticking) return;
        ticking = tick()
          .then((runs) => {
            for (const run of runs) run.catch((error: unknown) => onError(error, 'scheduled run'));
          })
          .catch((error: unknown) => onError(error, 'scheduler tick'))
          .finally(() => {
            ticking = undefined;
          });
      };
      timer = setInterval(runTick, tickMs);
      timer.unref();
      runTick();
    },

    /** Stops the ticker and aborts this instance's runs (marked error with a German line) before close. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await ticking;
      for (const run of inFlight.values()) {
        run.controller.abort(new RunAborted('Der Lauf wurde abgebrochen, weil die Anwendung beendet wurde.'));
      }
      await Promise.allSettled([...inFlight.values()].map((r) => r.done));
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;

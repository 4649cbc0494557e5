import type { Db } from '#db/client.ts';
export type JobContext = {
  db: Db;
  /** Appends a line to this run's log (kept with the run, shown on the page). */
  log: (line: string) => void;
  now: Date;
  /** Aborted when the app shuts down or the run exceeds its time limit. */
  signal: AbortSignal;
};
export type JobSchedule = { kind: 'cron'; cron: string } | { kind: 'interval'; seconds: number };
export type JobDefinition = {
  /** Stable key, e.g. 'mail-outbox'. */
  key: string;
  /** German name and description shown on /taskschedule/edit. */
  name: string;
  description: string;
  defaultSchedule: JobSchedule;
  /** Maximum run time in seconds before the run is aborted and marked error (default 600). */
  timeoutSeconds?: number;
  /** Throws on failure; the returned summary is shown as the run's outcome. */
  run(ctx: JobContext): Promise<{ summary: string }>;
};

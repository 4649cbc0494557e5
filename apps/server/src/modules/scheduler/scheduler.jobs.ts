import type { JobDefinition } from './job.ts';
import { schedulerRepository } from './scheduler.repository.ts';

/** Runs older than this are deleted, except the newest RUNS_KEPT_PER_TASK of each task. */
export const RUN_RETENTION_DAYS = 90;
export const RUNS_KEPT_PER_TASK = 20;

/** The scheduler's own housekeeping: old finished runs (and their logs) are deleted. */
export function runHistoryCleanupJob(): JobDefinition {
  return {
    key: 'scheduler-run-cleanup',
    name: 'Laufprotokolle bereinigen',
    description: `Löscht Läufe geplanter Aufgaben, die älter als ${RUN_RETENTION_DAYS} Tage sind; die letzten ${RUNS_KEPT_PER_TASK} Läufe jeder Aufgabe bleiben erhalten.`,
    defaultSchedule: { kind: 'cron', cron: '30 4 * * *' },
    timeoutSeconds: 300,
    async run(ctx) {
      const cutoff = new Date(ctx.now.getTime() - RUN_RETENTION_DAYS * 86_400_000);
      const count = await schedulerRepository.deleteOldRuns(ctx.db, cutoff, RUNS_KEPT_PER_TASK);
      ctx.log(`${count} ${count === 1 ? 'Lauf' : 'Läufe'} älter als ${RUN_RETENTION_DAYS} Tage gelöscht.`);
      return { summary: `${count} alte ${count === 1 ? 'Lauf' : 'Läufe'} gelöscht.` };
    },
  };
}

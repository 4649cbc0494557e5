import { vacuumAnalyze } from '#db/maintenance.ts';
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

const de = (n: number) => n.toLocaleString('de-DE');

/**
 * Datenbankpflege (decision 035): VACUUM (ANALYZE) of every application table — dead rows reclaimed, planner
 * statistics refreshed. On PGlite, which has no autovacuum, this is the only maintenance there is; on
 * PostgreSQL it backs up autovacuum (which may be off or lag behind bulk writes).
 */
export function databaseMaintenanceJob(): JobDefinition {
  return {
    key: 'database-maintenance',
    name: 'Datenbankpflege',
    description:
      'Bereinigt alle Tabellen (VACUUM) und aktualisiert die Statistiken, nach denen die Datenbank ihre Abfragen plant (ANALYZE).',
    defaultSchedule: { kind: 'cron', cron: '15 3 * * *' },
    timeoutSeconds: 1800,
    async run(ctx) {
      const started = performance.now();
      let dead = 0;
      const tables = await vacuumAnalyze(ctx.db, {
        signal: ctx.signal,
        onTable: (t) => {
          dead += t.deadRowsBefore ?? 0;
          const rows = t.deadRowsBefore === null ? '' : `${de(t.deadRowsBefore)} tote Zeilen, `;
          ctx.log(`${t.table}: ${rows}${de(t.ms)} ms`);
        },
      });
      const seconds = ((performance.now() - started) / 1000).toLocaleString('de-DE', {
        maximumFractionDigits: 1,
      });
      return {
        summary: `${de(tables.length)} Tabellen bereinigt und analysiert (${de(dead)} tote Zeilen, ${seconds} s).`,
      };
    },
  };
}

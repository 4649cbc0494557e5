import { LOG_STATE } from '@schutzwerk/shared/constants.ts';
import type { JobDefinition } from '#modules/scheduler/index.ts';
import { accidentsRepository, FIRST_AID_ENTITY } from './accidents.repository.ts';

/** The deletion class of first-aid entries (DGUV Vorschrift 1 § 24 (6)): kept five years (decision 051). */
export const FIRST_AID_RETENTION_YEARS = 5;
const BATCH = 500;

const day = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/**
 * Deletes first-aid entries five years after the entry (the later of the event and the recording, so no entry
 * goes before five years from either), in batches; each deletion is written to the change log (entity
 * first_aid_entry, state DELETED, without the health text) and to the run's log.
 */
export const firstAidRetentionJob: JobDefinition = {
  key: 'first-aid-retention',
  name: 'Verbandbuch: Aufbewahrungsfrist',
  description:
    'Löscht Verbandbucheinträge fünf Jahre nach dem Eintrag (DGUV Vorschrift 1 § 24) und protokolliert jede Löschung.',
  defaultSchedule: { kind: 'cron', cron: '30 3 * * *' },
  timeoutSeconds: 600,
  async run(ctx) {
    const cutoff = new Date(ctx.now);
    cutoff.setUTCFullYear(cutoff.getUTCFullYear() - FIRST_AID_RETENTION_YEARS);
    let total = 0;
    for (;;) {
      if (ctx.signal.aborted) throw new Error('Abgebrochen.');
      const deleted = await ctx.db.transaction(async (tx) => {
        const rows = await accidentsRepository.deleteExpiredEntries(tx, cutoff, BATCH);
        for (const row of rows)
          await accidentsRepository.logChange(tx, {
            entity: FIRST_AID_ENTITY,
            entityId: row.id,
            state: LOG_STATE.DELETED,
            actorId: null,
            changes: {
              occurredAt: { from: new Date(row.occurred_at).toISOString(), to: null },
              retention: { from: null, to: `${FIRST_AID_RETENTION_YEARS} Jahre` },
            },
          });
        return rows;
      });
      for (const row of deleted)
        ctx.log(`Verbandbucheintrag Nr. ${row.id} vom ${day.format(new Date(row.occurred_at))} gelöscht.`);
      total += deleted.length;
      if (deleted.length < BATCH) break;
    }
    const summary = total === 1 ? '1 Verbandbucheintrag gelöscht.' : `${total} Verbandbucheinträge gelöscht.`;
    if (total === 0) ctx.log('Keine Verbandbucheinträge älter als fünf Jahre.');
    return { summary };
  },
};

import type { Db } from '#db/client.ts';
import type { JobDefinition } from '#modules/scheduler/index.ts';
import type { instructionSettings } from '#modules/settings/index.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { berlinToday } from './assignments.service.ts';
import { externalRepository } from './external.repository.ts';

/** Unfinished kiosk runs (never passed) are deleted this many days after their start (decision 078). */
const UNFINISHED_RETENTION_DAYS = 30;

const DAY_MS = 86_400_000;

type RetentionResult = { passed: number; unfinished: number };

/**
 * The retention of the kiosk's records (decision 078), per portal by its setting `externalRetentionDays` (tab
 * „Unterweisungen“): a passed record goes that many days after its completion, but not while it is still valid
 * (`valid_until` today or later); an unfinished run goes 30 days after its start. Each deletion is logged (id
 * only, no personal data). One transaction per portal.
 */
async function purgeExternalRecords(
  db: Db,
  now: Date,
  portalSettings: typeof instructionSettings,
): Promise<RetentionResult> {
  const result: RetentionResult = { passed: 0, unfinished: 0 };
  const today = berlinToday(now);
  const startedBefore = new Date(now.getTime() - UNFINISHED_RETENTION_DAYS * DAY_MS);
  for (const portalId of await externalRepository.portalsWithRecords(db)) {
    await db.transaction(async (tx) => {
      const { externalRetentionDays } = await portalSettings(tx, portalId);
      const passedBefore = new Date(now.getTime() - externalRetentionDays * DAY_MS);
      const expired = await externalRepository.expired(tx, portalId, { passedBefore, today, startedBefore });
      await externalRepository.deleteRecords(
        tx,
        expired.map((r) => r.id),
      );
      for (const record of expired) {
        await externalRepository.logChange(tx, {
          entity: 'external_instruction',
          entityId: record.id,
          state: LOG_STATE.DELETED,
          actorId: null,
        });
        if (record.status === 'passed') result.passed += 1;
        else result.unfinished += 1;
      }
    });
  }
  return result;
}

/** The daily job that applies the retention (ARCHITECTURE „Scheduled tasks“). */
export function externalRetentionJob(deps: { portalSettings: typeof instructionSettings }): JobDefinition {
  return {
    key: 'external-instructions-retention',
    name: 'Nachweise externer Personen löschen',
    description:
      'Löscht die Nachweise aus dem Terminal für Externe nach der Aufbewahrungsfrist (Einstellungen, Reiter „Unterweisungen“; frühestens nach Ablauf ihrer Gültigkeit) und nicht abgeschlossene Unterweisungen 30 Tage nach ihrem Beginn.',
    defaultSchedule: { kind: 'cron', cron: '30 3 * * *' },
    async run(ctx) {
      const r = await purgeExternalRecords(ctx.db, ctx.now, deps.portalSettings);
      const summary = `${r.passed} abgelaufene(r) Nachweis(e) und ${r.unfinished} nicht abgeschlossene Unterweisung(en) gelöscht.`;
      ctx.log(summary);
      return { summary };
    },
  };
}

import { and, eq, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '#db/client.ts';
import type { JobDefinition } from '#modules/scheduler/index.ts';
import type { instructionSettings } from '#modules/settings/index.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { berlinToday } from './assignments.service.ts';
import { externalInstructions } from './external.table.ts';

/** Unfinished kiosk runs (never passed) are deleted this many days after their start (decision 078). */
export const UNFINISHED_RETENTION_DAYS = 30;

const DAY_MS = 86_400_000;

export type RetentionResult = { passed: number; unfinished: number; portals: number };

/**
 * The retention of the kiosk's records (decision 078), per portal by its setting `externalRetentionDays` (tab
 * „Unterweisungen“): a passed record goes that many days after its completion, but not while it is still valid
 * (`valid_until` today or later); an unfinished run goes 30 days after its start. Each deletion is logged (id
 * only, no personal data).
 */
export async function purgeExternalRecords(
  db: Db,
  now: Date,
  portalSettings: typeof instructionSettings,
): Promise<RetentionResult> {
  const result: RetentionResult = { passed: 0, unfinished: 0, portals: 0 };
  const portals = await db
    .selectDistinct({ portalId: externalInstructions.portalId })
    .from(externalInstructions);
  const today = berlinToday(now);
  for (const { portalId } of portals) {
    await db.transaction(async (tx) => {
      const { externalRetentionDays } = await portalSettings(tx, portalId);
      const passedBefore = new Date(now.getTime() - externalRetentionDays * DAY_MS);
      const startedBefore = new Date(now.getTime() - UNFINISHED_RETENTION_DAYS * DAY_MS);
      const passed = await deleteWhere(
        tx,
        and(
          eq(externalInstructions.portalId, portalId),
          eq(externalInstructions.status, 'passed'),
          lt(externalInstructions.completedAt, passedBefore),
          or(isNull(externalInstructions.validUntil), lt(externalInstructions.validUntil, today)),
        ),
      );
      const unfinished = await deleteWhere(
        tx,
        and(
          eq(externalInstructions.portalId, portalId),
          eq(externalInstructions.status, 'running'),
          lt(externalInstructions.startedAt, startedBefore),
        ),
      );
      result.passed += passed;
      result.unfinished += unfinished;
      if (passed + unfinished > 0) result.portals += 1;
    });
  }
  return result;
}

async function deleteWhere(tx: Executor, where: SQL | undefined): Promise<number> {
  const ids = (await tx.select({ id: externalInstructions.id }).from(externalInstructions).where(where)).map(
    (r) => r.id,
  );
  if (ids.length === 0) return 0;
  await tx.delete(externalInstructions).where(inArray(externalInstructions.id, ids));
  for (const id of ids)
    await recordChange(tx, {
      entity: 'external_instruction',
      entityId: id,
      state: LOG_STATE.DELETED,
      actorId: null,
    });
  return ids.length;
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

import {
  DEFAULT_NOHL_CRITERIA,
  type NohlCriteria,
  nohlCriteriaSchema,
} from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import {
  type NohlCriteriaAnswer,
  type NohlCriteriaHistoryEntry,
  nohlCellField,
  type UpdateNohlCriteria,
} from '@schutzwerk/shared/hazard-analysis/nohl-criteria.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { type FieldChanges, LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import {
  NOHL_CRITERIA_ENTITY,
  NOHL_CRITERIA_ROW_ID,
  type NohlCriteriaRepository,
  type NohlCriteriaRow,
} from './nohl-criteria.repository.ts';

export type NohlCriteriaService = ReturnType<typeof createNohlCriteriaService>;

/** The changed register start values and cells, as change-log fields. */
function diffCriteria(before: NohlCriteria, after: NohlCriteria): FieldChanges {
  const changes: FieldChanges = {};
  for (let p = 1; p <= 4; p++)
    for (let s = 1; s <= 4; s++) {
      const from = before.cells[p - 1]?.[s - 1];
      const to = after.cells[p - 1]?.[s - 1];
      if (from !== to) changes[nohlCellField(p, s)] = { from, to };
    }
  for (const field of ['yellowFrom', 'redFrom'] as const)
    if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
  return changes;
}

/**
 * The NOHL classification criteria (decision 018). `read()` is what other modules (hazard assessments,
 * print) use to score a rating; the routes use `get`, `update` and `history`.
 */
export function createNohlCriteriaService(deps: { db: Db; repository: NohlCriteriaRepository }) {
  const { repository } = deps;

  function answerOf(row: NohlCriteriaRow | null): NohlCriteriaAnswer {
    if (!row) return { criteria: DEFAULT_NOHL_CRITERIA, version: 0, updatedAt: null, updatedBy: null };
    // A stored value that no longer passes the rules (tightened later) falls back to the defaults.
    const parsed = nohlCriteriaSchema.safeParse({
      cells: row.cells,
      yellowFrom: row.yellowFrom,
      redFrom: row.redFrom,
    });
    return {
      criteria: parsed.success ? parsed.data : DEFAULT_NOHL_CRITERIA,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy:
        row.updatedById !== null && row.updatedByName !== null
          ? { id: row.updatedById, name: row.updatedByName }
          : null,
    };
  }

  return {
    /** The criteria in force (defaults while none are saved). */
    async read(ex: Executor = deps.db): Promise<NohlCriteria> {
      return answerOf(await repository.find(ex)).criteria;
    },

    async get(): Promise<NohlCriteriaAnswer> {
      return answerOf(await repository.find(deps.db));
    },

    async update(actor: Actor, input: UpdateNohlCriteria): Promise<NohlCriteriaAnswer> {
      if (!actorHasAny(actor, P.HAZARDANALYSISSTATUS_EDIT)) throw new AppError('NO_PERMISSION');
      if (!actor.isMainPortal) throw new AppError('NOHL_CRITERIA_MAIN_PORTAL_ONLY');
      const next = input.criteria;
      await deps.db.transaction(async (tx) => {
        const row = await repository.find(tx, true);
        if ((row?.version ?? 0) !== input.version) throw new AppError('CONFLICT');
        const before = answerOf(row).criteria;
        const values = {
          cells: next.cells,
          yellowFrom: next.yellowFrom,
          redFrom: next.redFrom,
          updatedBy: actor.employeeId,
        };
        const saved = row
          ? await repository.updateVersioned(tx, input.version, values)
          : await repository.insert(tx, values);
        if (!saved) throw new AppError('CONFLICT');
        const changes = diffCriteria(before, next);
        if (Object.keys(changes).length > 0)
          await repository.logChange(tx, {
            entity: NOHL_CRITERIA_ENTITY,
            entityId: NOHL_CRITERIA_ROW_ID,
            state: row ? LOG_STATE.CHANGED : LOG_STATE.CREATED,
            actorId: actor.employeeId,
            changes,
          });
      });
      return answerOf(await repository.find(deps.db));
    },

    /** The change history, newest first (HAZARDANALYSISSTATUS_LOG; the route checks). */
    async history(limit = 200): Promise<NohlCriteriaHistoryEntry[]> {
      const rows = await repository.history(deps.db, limit);
      const asNumber = (v: unknown) => (typeof v === 'number' ? v : null);
      return rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actor: r.actorId !== null && r.actorName !== null ? { id: r.actorId, name: r.actorName } : null,
        changes: Object.entries(r.changes ?? {}).map(([field, c]) => ({
          field,
          from: asNumber(c.from),
          to: asNumber(c.to),
        })),
      }));
    },
  };
}

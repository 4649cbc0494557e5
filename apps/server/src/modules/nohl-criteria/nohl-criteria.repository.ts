import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { employees } from '#modules/employees/tables.ts';
import { type ChangeEntry, recordChange } from '#platform/audit.ts';
import { changeLog } from '#platform/platform.table.ts';
import { nohlCriteria } from './nohl-criteria.table.ts';

/** The change-log entity of the criteria (one record, id 1). */
export const NOHL_CRITERIA_ENTITY = 'nohl_criteria';
/** The one row the criteria are kept in (the table allows no other). */
export const NOHL_CRITERIA_ROW_ID = 1;

/** The stored criteria with who saved them last (null: none saved, the defaults apply). */
export type NohlCriteriaRow = {
  cells: number[][];
  yellowFrom: number;
  redFrom: number;
  version: number;
  updatedAt: Date;
  updatedById: number | null;
  updatedByName: string | null;
};

/** What a save writes. */
export type NohlCriteriaValues = {
  cells: number[][];
  yellowFrom: number;
  redFrom: number;
  updatedBy: number | null;
};

export type NohlCriteriaChangeRow = {
  id: number;
  at: Date;
  actorId: number | null;
  actorName: string | null;
  changes: Record<string, { from: unknown; to: unknown }> | null;
};

const nameOf = sql<string>`${employees.lastName} || ', ' || ${employees.firstName}`;
const ofTheRow = eq(nohlCriteria.id, NOHL_CRITERIA_ROW_ID);

/**
 * Data access of the NOHL classification criteria (decision 018): the one row and its change history, no
 * rules. Each function takes the executor first (the database, or the caller's transaction).
 */
export const nohlCriteriaRepository = {
  /** The stored row (null: none); `lock` takes it FOR UPDATE. */
  async find(ex: Executor, lock = false): Promise<NohlCriteriaRow | null> {
    const query = ex
      .select({
        cells: nohlCriteria.cells,
        yellowFrom: nohlCriteria.yellowFrom,
        redFrom: nohlCriteria.redFrom,
        version: nohlCriteria.version,
        updatedAt: nohlCriteria.updatedAt,
        updatedById: nohlCriteria.updatedBy,
        updatedByName: nameOf,
      })
      .from(nohlCriteria)
      .leftJoin(employees, eq(employees.id, nohlCriteria.updatedBy))
      .where(ofTheRow);
    const [row] = await (lock ? query.for('update', { of: nohlCriteria }) : query);
    return row ?? null;
  },

  /** Saves when `version` matches (and bumps it); false otherwise. */
  async updateVersioned(ex: Executor, version: number, values: NohlCriteriaValues): Promise<boolean> {
    const updated = await ex
      .update(nohlCriteria)
      .set({ ...values, version: sql`${nohlCriteria.version} + 1`, updatedAt: new Date() })
      .where(and(ofTheRow, eq(nohlCriteria.version, version)))
      .returning({ id: nohlCriteria.id });
    return updated.length > 0;
  },

  /** Stores the first criteria; false when another save stored them first. */
  async insert(ex: Executor, values: NohlCriteriaValues): Promise<boolean> {
    const inserted = await ex
      .insert(nohlCriteria)
      .values({ id: NOHL_CRITERIA_ROW_ID, ...values })
      .onConflictDoNothing()
      .returning({ id: nohlCriteria.id });
    return inserted.length > 0;
  },

  /** The change-log rows of the criteria, newest first. */
  async history(ex: Executor, limit: number): Promise<NohlCriteriaChangeRow[]> {
    return ex
      .select({
        id: changeLog.id,
        at: changeLog.at,
        actorId: changeLog.actorId,
        actorName: nameOf,
        changes: changeLog.changes,
      })
      .from(changeLog)
      .leftJoin(employees, eq(employees.id, changeLog.actorId))
      .where(
        and(eq(changeLog.entity, NOHL_CRITERIA_ENTITY), eq(changeLog.entityId, String(NOHL_CRITERIA_ROW_ID))),
      )
      .orderBy(desc(changeLog.at), desc(changeLog.id))
      .limit(limit);
  },

  async logChange(ex: Executor, entry: ChangeEntry): Promise<void> {
    await recordChange(ex, entry);
  },
};

export type NohlCriteriaRepository = typeof nohlCriteriaRepository;

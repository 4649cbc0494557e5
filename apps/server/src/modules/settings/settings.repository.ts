import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { employees } from '#modules/employees/tables.ts';
import { type ChangeEntry, recordChange } from '#platform/audit.ts';
import { portalSettings, settings } from './settings.table.ts';

/** A stored category: its value as saved (secrets sealed), version and time of the last save. */
export type SettingsRow = { value: Record<string, unknown>; version: number; updatedAt: Date | null };

const columns = { value: settings.value, version: settings.version, updatedAt: settings.updatedAt };
const portalColumns = {
  value: portalSettings.value,
  version: portalSettings.version,
  updatedAt: portalSettings.updatedAt,
};

function toRow(row: { value: unknown; version: number; updatedAt: Date | null }): SettingsRow {
  return {
    value: (row.value ?? {}) as Record<string, unknown>,
    version: row.version,
    updatedAt: row.updatedAt,
  };
}

/**
 * Data access of the settings module (decision 014): the category rows and the licence counts, no rules.
 * Each function takes the executor first (the database, or the caller's transaction).
 */
export const settingsRepository = {
  /** The stored row of a category (null: nothing stored, the defaults apply); `lock` takes it FOR UPDATE. */
  async find(ex: Executor, key: string, lock = false): Promise<SettingsRow | null> {
    const query = ex.select(columns).from(settings).where(eq(settings.key, key));
    const [row] = await (lock ? query.for('update') : query);
    return row ? toRow(row) : null;
  },

  /** Saves the value when `version` matches (and bumps it); undefined otherwise. */
  async updateVersioned(
    ex: Executor,
    key: string,
    version: number,
    value: Record<string, unknown>,
    updatedBy: number | null,
  ): Promise<SettingsRow | undefined> {
    const [row] = await ex
      .update(settings)
      .set({ value, version: sql`${settings.version} + 1`, updatedAt: new Date(), updatedBy })
      .where(and(eq(settings.key, key), eq(settings.version, version)))
      .returning(columns);
    return row ? toRow(row) : undefined;
  },

  /** Stores a category's first value; undefined when another save stored one first. */
  async insert(
    ex: Executor,
    key: string,
    value: Record<string, unknown>,
    updatedBy: number | null,
  ): Promise<SettingsRow | undefined> {
    const [row] = await ex
      .insert(settings)
      .values({ key, value, updatedBy })
      .onConflictDoNothing()
      .returning(columns);
    return row ? toRow(row) : undefined;
  },

  /** The stored row of a portal's category (null: the defaults apply); `lock` takes it FOR UPDATE. */
  async findOfPortal(ex: Executor, portalId: number, key: string, lock = false): Promise<SettingsRow | null> {
    const query = ex
      .select(portalColumns)
      .from(portalSettings)
      .where(and(eq(portalSettings.portalId, portalId), eq(portalSettings.key, key)));
    const [row] = await (lock ? query.for('update') : query);
    return row ? toRow(row) : null;
  },

  /** Saves a portal's value when `version` matches (and bumps it); undefined otherwise. */
  async updateOfPortalVersioned(
    ex: Executor,
    portalId: number,
    key: string,
    version: number,
    value: Record<string, unknown>,
    updatedBy: number | null,
  ): Promise<SettingsRow | undefined> {
    const [row] = await ex
      .update(portalSettings)
      .set({ value, version: sql`${portalSettings.version} + 1`, updatedAt: new Date(), updatedBy })
      .where(
        and(
          eq(portalSettings.portalId, portalId),
          eq(portalSettings.key, key),
          eq(portalSettings.version, version),
        ),
      )
      .returning(portalColumns);
    return row ? toRow(row) : undefined;
  },

  /** Stores a portal's first value of a category; undefined when another save stored one first. */
  async insertOfPortal(
    ex: Executor,
    portalId: number,
    key: string,
    value: Record<string, unknown>,
    updatedBy: number | null,
  ): Promise<SettingsRow | undefined> {
    const [row] = await ex
      .insert(portalSettings)
      .values({ portalId, key, value, updatedBy })
      .onConflictDoNothing()
      .returning(portalColumns);
    return row ? toRow(row) : undefined;
  },

  /** Active employees (own staff and temp workers) and active external staff across all portals. */
  async countLicensed(ex: Executor): Promise<{ activeEmployees: number; activeExternals: number }> {
    const [row] = await ex
      .select({
        activeEmployees: sql<number>`count(*) filter (where not ${employees.isExternal})::int`,
        activeExternals: sql<number>`count(*) filter (where ${employees.isExternal})::int`,
      })
      .from(employees)
      .where(sql`${employees.active}`);
    return { activeEmployees: row?.activeEmployees ?? 0, activeExternals: row?.activeExternals ?? 0 };
  },

  async logChange(ex: Executor, entry: ChangeEntry): Promise<void> {
    await recordChange(ex, entry);
  },
};

export type SettingsRepository = typeof settingsRepository;

import type { CatalogueKind } from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { and, asc, desc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { activities, employeeActivities } from '#modules/activities/tables.ts';
import { employees } from '#modules/employees/tables.ts';
import {
  occupationalPrecautions,
  precautionCatalogueEntries,
  precautionCheckups,
} from './occupational-medicine.table.ts';

const c = precautionCatalogueEntries;
const p = occupationalPrecautions;

export type CatalogueRow = typeof c.$inferSelect;
export type PrecautionRow = typeof p.$inferSelect;

/** Queries of occupational-medical precaution (decision 057); the rules are in the service. */
export const occupationalMedicineRepository = {
  async catalogue(ex: Executor, kind: CatalogueKind) {
    // Raw names: drizzle drops the table qualifier of columns inside selected fields.
    const used = sql<number>`(select count(*)::int from occupational_precautions o
      where "precaution_catalogue_entries"."id" in (o.reason_id, o.legal_source_id, o.executing_body_id))`;
    return ex
      .select({
        id: c.id,
        kind: c.kind,
        name: c.name,
        line2: c.line2,
        active: c.active,
        version: c.version,
        usedBy: used,
      })
      .from(c)
      .where(eq(c.kind, kind))
      .orderBy(sql`lower(${c.name})`, c.id);
  },

  async catalogueEntry(ex: Executor, kind: CatalogueKind, id: number, lock?: 'update') {
    const q = ex
      .select()
      .from(c)
      .where(and(eq(c.kind, kind), eq(c.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async catalogueNameTaken(ex: Executor, kind: CatalogueKind, name: string, exceptId?: number) {
    const [row] = await ex
      .select({ id: c.id })
      .from(c)
      .where(
        and(
          eq(c.kind, kind),
          sql`lower(${c.name}) = lower(${name})`,
          exceptId === undefined ? undefined : ne(c.id, exceptId),
        ),
      );
    return row !== undefined;
  },

  async insertCatalogueEntry(ex: Executor, values: { kind: CatalogueKind; name: string; line2: string }) {
    const [row] = await ex.insert(c).values(values).returning({ id: c.id });
    return row!;
  },

  async updateCatalogueEntry(ex: Executor, id: number, version: number, values: Partial<CatalogueRow>) {
    const rows = await ex
      .update(c)
      .set({ ...values, version: sql`${c.version} + 1`, updatedAt: new Date() })
      .where(and(eq(c.id, id), eq(c.version, version)))
      .returning({ id: c.id });
    return rows.length === 1;
  },

  async deleteCatalogueEntry(ex: Executor, id: number, version: number) {
    const rows = await ex
      .delete(c)
      .where(and(eq(c.id, id), eq(c.version, version)))
      .returning({ id: c.id });
    return rows.length === 1;
  },

  async catalogueEntryUsed(ex: Executor, id: number) {
    const [row] = await ex
      .select({ id: p.id })
      .from(p)
      .where(or(eq(p.reasonId, id), eq(p.legalSourceId, id), eq(p.executingBodyId, id)))
      .limit(1);
    return row !== undefined;
  },

  async employeeInPortal(ex: Executor, employeeId: number, portalId: number) {
    const [row] = await ex
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.id, employeeId), eq(employees.portalId, portalId)));
    return row !== undefined;
  },

  async employeeHasActivity(ex: Executor, employeeId: number, activityId: number) {
    const [row] = await ex
      .select({ id: employeeActivities.activityId })
      .from(employeeActivities)
      .where(
        and(eq(employeeActivities.employeeId, employeeId), eq(employeeActivities.activityId, activityId)),
      );
    return row !== undefined;
  },

  async employeeActivities(ex: Executor, employeeId: number, portalId: number) {
    return ex
      .select({ id: activities.id, name: activities.name })
      .from(employeeActivities)
      .innerJoin(activities, eq(activities.id, employeeActivities.activityId))
      .innerJoin(employees, eq(employees.id, employeeActivities.employeeId))
      .where(and(eq(employeeActivities.employeeId, employeeId), eq(employees.portalId, portalId)))
      .orderBy(sql`lower(${activities.name})`);
  },

  async passwordHash(ex: Executor, employeeId: number) {
    const [row] = await ex
      .select({ hash: employees.passwordHash })
      .from(employees)
      .where(eq(employees.id, employeeId));
    return row?.hash ?? null;
  },

  async precautions(
    ex: Executor,
    filter: { portalId: number; id?: number; employeeId?: number; dueBy?: string },
    lock?: 'update',
  ) {
    const q = ex
      .select({
        row: p,
        employeeName: sql<string>`${employees.lastName} || ', ' || ${employees.firstName}`,
        reasonName: c.name,
        activityName: activities.name,
      })
      .from(p)
      .innerJoin(employees, eq(employees.id, p.employeeId))
      .innerJoin(c, eq(c.id, p.reasonId))
      .leftJoin(activities, eq(activities.id, p.activityId))
      .where(
        and(
          eq(p.portalId, filter.portalId),
          filter.id === undefined ? undefined : eq(p.id, filter.id),
          filter.employeeId === undefined ? undefined : eq(p.employeeId, filter.employeeId),
          filter.dueBy === undefined ? undefined : lte(p.nextDue, filter.dueBy),
        ),
      )
      .orderBy(asc(p.nextDue), asc(p.id));
    return lock ? q.for('update', { of: p }) : q;
  },

  async checkups(ex: Executor, precautionIds: number[]) {
    if (precautionIds.length === 0) return [];
    return ex
      .select()
      .from(precautionCheckups)
      .where(inArray(precautionCheckups.precautionId, precautionIds))
      .orderBy(desc(precautionCheckups.date), desc(precautionCheckups.id));
  },

  async insertPrecaution(ex: Executor, values: typeof p.$inferInsert) {
    const [row] = await ex.insert(p).values(values).returning({ id: p.id });
    return row!;
  },

  async updatePrecaution(ex: Executor, id: number, version: number, values: Partial<PrecautionRow>) {
    const rows = await ex
      .update(p)
      .set({ ...values, version: sql`${p.version} + 1`, updatedAt: new Date() })
      .where(and(eq(p.id, id), eq(p.version, version)))
      .returning({ id: p.id });
    return rows.length === 1;
  },

  async deletePrecaution(ex: Executor, id: number, version: number) {
    const rows = await ex
      .delete(p)
      .where(and(eq(p.id, id), eq(p.version, version)))
      .returning({ id: p.id });
    return rows.length === 1;
  },

  async insertCheckup(ex: Executor, values: typeof precautionCheckups.$inferInsert) {
    const [row] = await ex.insert(precautionCheckups).values(values).returning({ id: precautionCheckups.id });
    return row!;
  },
};

export type OccupationalMedicineRepository = typeof occupationalMedicineRepository;

import type {
  HazardAnalysisDraftRow,
  HazardAnalysisRow,
  HazardAnalysisStatusFilter,
  HazardAnalysisVersionRow,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import type { ListQuery } from '@schutzwerk/shared/list/list.schema.ts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '#db/client.ts';
import { activities } from '#modules/activities/activities.table.ts';
import { employees } from '#modules/employees/employees.table.ts';
import { factorMenuFactors, factorMenuRegisters } from '#modules/factor-menus/factor-menus.table.ts';
import { hazardBrickActions, hazardBricks } from '#modules/hazard-bricks/hazard-bricks.table.ts';
import { departments, locations } from '#modules/organisation/organisation.table.ts';
import { countAll, type ListSource, planList, runList } from '#platform/list.ts';
import {
  hazardAnalyses,
  hazardAnalysisHazardFactors,
  hazardAnalysisHazards,
  hazardAnalysisVersions,
} from './hazard-analysis.table.ts';

export type AnalysisRecord = typeof hazardAnalyses.$inferSelect;
export type AnalysisInsert = typeof hazardAnalyses.$inferInsert;
export type HazardRecord = typeof hazardAnalysisHazards.$inferSelect;
export type HazardInsert = typeof hazardAnalysisHazards.$inferInsert;

// Qualified by hand: in a select from hazard_analyses alone drizzle writes a bare "id", which inside the
// subquery would name v.id.
const latestVersionId = sql<
  number | null
>`(select v.id from hazard_analysis_versions v where v.analysis_id = ${hazardAnalyses}.id order by v.version_number desc limit 1)`;

const listSource: ListSource = {
  orderBy: {
    bezeichnung: sql`lower(${hazardAnalyses.bezeichnung})`,
    location: sql`lower(${locations.name})`,
    releaseDate: hazardAnalyses.releaseDate,
    nextCheckDate: hazardAnalyses.nextCheckDate,
    versionNumber: hazardAnalyses.versionNumber,
  },
  defaultOrderBy: 'bezeichnung',
  tieBreaker: hazardAnalyses.id,
  searchText: sql`${hazardAnalyses.bezeichnung}`,
};

/**
 * The last released version, for readers who may only see released versions (READONLY_RELEASED): their list
 * shows the frozen designation, names, version, dates and hazard count, never the working copy's.
 */
const lastRelease = alias(hazardAnalysisVersions, 'last_release');
const frozen = (key: string) => sql<string | null>`(${lastRelease.snapshot} ->> ${sql.raw(`'${key}'`)})`;

const releasedListSource: ListSource = {
  orderBy: {
    bezeichnung: sql`lower(${frozen('bezeichnung')})`,
    location: sql`lower(${frozen('locationName')})`,
    releaseDate: lastRelease.releaseDate,
    nextCheckDate: lastRelease.nextCheckDate,
    versionNumber: lastRelease.versionNumber,
  },
  defaultOrderBy: 'bezeichnung',
  tieBreaker: hazardAnalyses.id,
  searchText: frozen('bezeichnung'),
};

/** The list row as the working copy shows it (readers of working copies). */
const workingListColumns = {
  id: hazardAnalyses.id,
  bezeichnung: hazardAnalyses.bezeichnung,
  locationName: locations.name,
  departmentName: departments.name,
  activityName: activities.name,
  active: hazardAnalyses.active,
  released: hazardAnalyses.released,
  versionNumber: hazardAnalyses.versionNumber,
  latestVersionId,
  releaseDate: hazardAnalyses.releaseDate,
  nextCheckDate: hazardAnalyses.nextCheckDate,
  hazardCount: sql<number>`(select cast(count(*) as integer) from hazard_analysis_hazards h where h.analysis_id = ${hazardAnalyses.id})`,
};

/** The list row as the last released version froze it (released-only readers). */
const releasedListColumns = {
  id: hazardAnalyses.id,
  bezeichnung: sql<string>`coalesce(${frozen('bezeichnung')}, '')`,
  locationName: frozen('locationName'),
  departmentName: frozen('departmentName'),
  activityName: frozen('activityName'),
  active: hazardAnalyses.active,
  released: sql<boolean>`true`,
  versionNumber: lastRelease.versionNumber,
  latestVersionId: lastRelease.id,
  releaseDate: lastRelease.releaseDate,
  nextCheckDate: lastRelease.nextCheckDate,
  hazardCount: sql<number>`coalesce(jsonb_array_length(${lastRelease.snapshot} -> 'hazards'), 0)`,
};

/** Released-only readers read the last release's snapshot; everyone else the working copy's references. */
function withListJoins<Q extends PgSelect>(q: Q, releasedOnly: boolean) {
  return releasedOnly
    ? q.innerJoin(lastRelease, eq(lastRelease.id, latestVersionId))
    : q
        .leftJoin(locations, eq(locations.id, hazardAnalyses.locationId))
        .leftJoin(departments, eq(departments.id, hazardAnalyses.departmentId))
        .leftJoin(activities, eq(activities.id, hazardAnalyses.activityId));
}

/** Data access of the hazard assessments; methods that write take an Executor. */
export function createHazardAnalysisRepository(db: Db) {
  return {
    async findById(ex: Executor, id: number, lock?: 'update'): Promise<AnalysisRecord | undefined> {
      const q = ex.select().from(hazardAnalyses).where(eq(hazardAnalyses.id, id));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    async insert(ex: Executor, values: AnalysisInsert): Promise<AnalysisRecord> {
      const [row] = await ex.insert(hazardAnalyses).values(values).returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    /** Sets fields and raises the version (the caller checked the version under a row lock). */
    async bump(ex: Executor, id: number, patch: Partial<AnalysisInsert> = {}) {
      await ex
        .update(hazardAnalyses)
        .set({ ...patch, version: sql`${hazardAnalyses.version} + 1`, updatedAt: new Date() })
        .where(eq(hazardAnalyses.id, id));
    },

    async deleteAnalysis(ex: Executor, id: number) {
      await ex.delete(hazardAnalyses).where(eq(hazardAnalyses.id, id));
    },

    /** Names of the header references. */
    async names(ex: Executor, row: Pick<AnalysisRecord, 'locationId' | 'departmentId' | 'activityId'>) {
      const one = async (
        table: typeof locations | typeof departments | typeof activities,
        id: number | null,
      ) => {
        if (id === null) return null;
        const [r] = await ex.select({ id: table.id, name: table.name }).from(table).where(eq(table.id, id));
        return r ?? null;
      };
      return {
        location: await one(locations, row.locationId),
        department: await one(departments, row.departmentId),
        activity: await one(activities, row.activityId),
      };
    },

    async portalOf(ex: Executor, table: 'location' | 'department' | 'activity' | 'employee', id: number) {
      const t = { location: locations, department: departments, activity: activities, employee: employees }[
        table
      ];
      const [r] = await ex.select({ portalId: t.portalId }).from(t).where(eq(t.id, id));
      return r?.portalId ?? null;
    },

    async employee(ex: Executor, id: number) {
      const [r] = await ex
        .select({
          id: employees.id,
          portalId: employees.portalId,
          lastName: employees.lastName,
          firstName: employees.firstName,
          personnelNumber: employees.personnelNumber,
        })
        .from(employees)
        .where(eq(employees.id, id));
      return r ?? null;
    },

    async hazards(ex: Executor, analysisId: number) {
      return ex
        .select({
          hazard: hazardAnalysisHazards,
          brickIdentifier: hazardBricks.identifier,
          brickFree: hazardBricks.free,
          riskFrom: hazardBricks.riskFrom,
          riskTo: hazardBricks.riskTo,
          lastName: employees.lastName,
          firstName: employees.firstName,
          personnelNumber: employees.personnelNumber,
        })
        .from(hazardAnalysisHazards)
        .leftJoin(hazardBricks, eq(hazardBricks.id, hazardAnalysisHazards.brickId))
        .leftJoin(employees, eq(employees.id, hazardAnalysisHazards.responsibleId))
        .where(eq(hazardAnalysisHazards.analysisId, analysisId))
        .orderBy(asc(hazardAnalysisHazards.position), asc(hazardAnalysisHazards.id));
    },

    /** The factors of the given hazards (decision 019) with their register, in each hazard's order. */
    async hazardFactors(ex: Executor, hazardIds: number[]) {
      if (hazardIds.length === 0) return [];
      return ex
        .select({
          hazardId: hazardAnalysisHazardFactors.hazardId,
          factorId: hazardAnalysisHazardFactors.factorId,
          factorNumber: factorMenuFactors.number,
          factorTitle: factorMenuFactors.title,
          registerNumber: factorMenuRegisters.number,
          registerTitle: factorMenuRegisters.title,
        })
        .from(hazardAnalysisHazardFactors)
        .innerJoin(factorMenuFactors, eq(factorMenuFactors.id, hazardAnalysisHazardFactors.factorId))
        .innerJoin(factorMenuRegisters, eq(factorMenuRegisters.id, factorMenuFactors.registerId))
        .where(inArray(hazardAnalysisHazardFactors.hazardId, hazardIds))
        .orderBy(
          asc(hazardAnalysisHazardFactors.hazardId),
          asc(hazardAnalysisHazardFactors.position),
          asc(hazardAnalysisHazardFactors.factorId),
        );
    },

    /** Replaces a hazard's factors by `factorIds` (in that order). */
    async setHazardFactors(ex: Executor, hazardId: number, factorIds: readonly number[]) {
      await ex.delete(hazardAnalysisHazardFactors).where(eq(hazardAnalysisHazardFactors.hazardId, hazardId));
      if (factorIds.length === 0) return;
      await ex
        .insert(hazardAnalysisHazardFactors)
        .values(factorIds.map((factorId, position) => ({ hazardId, factorId, position })));
    },

    /** Copies the factors of hazards to other hazards: `[fromHazardId, toHazardId]` pairs. */
    async copyHazardFactors(ex: Executor, pairs: readonly (readonly [number, number])[]) {
      if (pairs.length === 0) return;
      const targets = new Map<number, number[]>();
      for (const [from, to] of pairs) targets.set(from, [...(targets.get(from) ?? []), to]);
      const rows = await ex
        .select()
        .from(hazardAnalysisHazardFactors)
        .where(inArray(hazardAnalysisHazardFactors.hazardId, [...targets.keys()]));
      const values = rows.flatMap((r) =>
        (targets.get(r.hazardId) ?? []).map((hazardId) => ({
          hazardId,
          factorId: r.factorId,
          position: r.position,
        })),
      );
      if (values.length > 0) await ex.insert(hazardAnalysisHazardFactors).values(values);
    },

    /** Removes the factors of all hazards of an assessment (its factor menu changed). */
    async clearAnalysisFactors(ex: Executor, analysisId: number) {
      await ex
        .delete(hazardAnalysisHazardFactors)
        .where(
          inArray(
            hazardAnalysisHazardFactors.hazardId,
            ex
              .select({ id: hazardAnalysisHazards.id })
              .from(hazardAnalysisHazards)
              .where(eq(hazardAnalysisHazards.analysisId, analysisId)),
          ),
        );
    },

    async hazard(ex: Executor, analysisId: number, hazardId: number): Promise<HazardRecord | undefined> {
      const [r] = await ex
        .select()
        .from(hazardAnalysisHazards)
        .where(and(eq(hazardAnalysisHazards.id, hazardId), eq(hazardAnalysisHazards.analysisId, analysisId)));
      return r;
    },

    async insertHazards(ex: Executor, rows: HazardInsert[]): Promise<HazardRecord[]> {
      if (rows.length === 0) return [];
      return ex.insert(hazardAnalysisHazards).values(rows).returning();
    },

    async updateHazard(ex: Executor, hazardId: number, patch: Partial<HazardInsert>) {
      await ex.update(hazardAnalysisHazards).set(patch).where(eq(hazardAnalysisHazards.id, hazardId));
    },

    async deleteHazard(ex: Executor, hazardId: number) {
      await ex.delete(hazardAnalysisHazards).where(eq(hazardAnalysisHazards.id, hazardId));
    },

    async nextPosition(ex: Executor, analysisId: number): Promise<number> {
      const [r] = await ex
        .select({ n: sql<number>`cast(coalesce(max(${hazardAnalysisHazards.position}), -1) + 1 as integer)` })
        .from(hazardAnalysisHazards)
        .where(eq(hazardAnalysisHazards.analysisId, analysisId));
      return r?.n ?? 0;
    },

    async bricks(ex: Executor, ids: number[]) {
      if (ids.length === 0) return [];
      return ex
        .select({ id: hazardBricks.id, title: hazardBricks.title, free: hazardBricks.free })
        .from(hazardBricks)
        .where(inArray(hazardBricks.id, ids));
    },

    /** The actions of these bricks (their proposed measures) in the catalogue's order. */
    async brickActions(ex: Executor, brickIds: number[]) {
      if (brickIds.length === 0) return [];
      return ex
        .select({
          id: hazardBrickActions.id,
          brickId: hazardBrickActions.brickId,
          brickIdentifier: hazardBricks.identifier,
          identifier: hazardBrickActions.identifier,
          description: hazardBrickActions.description,
        })
        .from(hazardBrickActions)
        .innerJoin(hazardBricks, eq(hazardBricks.id, hazardBrickActions.brickId))
        .where(inArray(hazardBrickActions.brickId, [...new Set(brickIds)]))
        .orderBy(
          asc(hazardBrickActions.brickId),
          asc(hazardBrickActions.position),
          asc(hazardBrickActions.id),
        );
    },

    /** The assessments inheriting from this template, locked for the update that follows. */
    async inheritorIds(ex: Executor, templateId: number): Promise<number[]> {
      const rows = await ex
        .select({ id: hazardAnalyses.id })
        .from(hazardAnalyses)
        .where(eq(hazardAnalyses.inheritanceTemplateId, templateId))
        .orderBy(asc(hazardAnalyses.id))
        .for('update');
      return rows.map((r) => r.id);
    },

    async hazardIds(ex: Executor, analysisId: number): Promise<number[]> {
      const rows = await ex
        .select({ id: hazardAnalysisHazards.id })
        .from(hazardAnalysisHazards)
        .where(eq(hazardAnalysisHazards.analysisId, analysisId));
      return rows.map((r) => r.id);
    },

    async countVersions(ex: Executor, analysisId: number): Promise<number> {
      const [r] = await ex
        .select({ n: countAll })
        .from(hazardAnalysisVersions)
        .where(eq(hazardAnalysisVersions.analysisId, analysisId));
      return r?.n ?? 0;
    },

    async countInheritors(ex: Executor, analysisId: number): Promise<number> {
      const [r] = await ex
        .select({ n: countAll })
        .from(hazardAnalyses)
        .where(eq(hazardAnalyses.inheritanceTemplateId, analysisId));
      return r?.n ?? 0;
    },

    async usesBrick(ex: Executor, brickId: number): Promise<number> {
      const [r] = await ex
        .select({ n: sql<number>`cast(count(distinct ${hazardAnalysisHazards.analysisId}) as integer)` })
        .from(hazardAnalysisHazards)
        .where(eq(hazardAnalysisHazards.brickId, brickId));
      return r?.n ?? 0;
    },

    async insertVersion(ex: Executor, values: typeof hazardAnalysisVersions.$inferInsert) {
      const [r] = await ex.insert(hazardAnalysisVersions).values(values).returning();
      if (!r) throw new Error('insert returned nothing');
      return r;
    },

    async version(ex: Executor, versionId: number) {
      const [r] = await ex
        .select()
        .from(hazardAnalysisVersions)
        .where(eq(hazardAnalysisVersions.id, versionId));
      return r;
    },

    async versions(ex: Executor, analysisId: number): Promise<HazardAnalysisVersionRow[]> {
      const rows = await ex
        .select({
          id: hazardAnalysisVersions.id,
          versionNumber: hazardAnalysisVersions.versionNumber,
          releaseDate: hazardAnalysisVersions.releaseDate,
          nextCheckDate: hazardAnalysisVersions.nextCheckDate,
          responsibleName: hazardAnalysisVersions.responsibleName,
          releasedAt: hazardAnalysisVersions.releasedAt,
        })
        .from(hazardAnalysisVersions)
        .where(eq(hazardAnalysisVersions.analysisId, analysisId))
        .orderBy(desc(hazardAnalysisVersions.versionNumber));
      return rows.map((r) => ({ ...r, releasedAt: r.releasedAt.toISOString() }));
    },

    /**
     * The list of assessments (or templates) the `visible` condition admits. `releasedOnly` readers get each
     * assessment as its last released version shows it (the condition admits only released ones for them).
     */
    async list(query: ListQuery, visible: SQL, status: HazardAnalysisStatusFilter, releasedOnly = false) {
      const filters: (SQL | undefined)[] = [visible];
      if (status === 'active') filters.push(eq(hazardAnalyses.active, true));
      if (status === 'inactive') filters.push(eq(hazardAnalyses.active, false));
      if (status === 'released') filters.push(sql`${latestVersionId} is not null`);
      const plan = planList(releasedOnly ? releasedListSource : listSource, query, filters);
      const columns = releasedOnly ? releasedListColumns : workingListColumns;
      const joined = <Q extends PgSelect>(q: Q) => withListJoins(q, releasedOnly);
      return runList<HazardAnalysisRow>(plan, {
        rows: async (p) =>
          (await joined(db.select(columns).from(hazardAnalyses).$dynamic())
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset)) as HazardAnalysisRow[],
        count: async (where) => {
          const [row] = await joined(db.select({ n: countAll }).from(hazardAnalyses).$dynamic()).where(where);
          return (row as { n: number } | undefined)?.n ?? 0;
        },
      });
    },

    /** Of these ids, the ones the condition admits, each with its last released version (or null). */
    async latestVersions(ex: Executor, visible: SQL, ids: number[]) {
      return ex
        .select({ id: hazardAnalyses.id, latestVersionId })
        .from(hazardAnalyses)
        .where(and(visible, inArray(hazardAnalyses.id, ids)));
    },

    /**
     * All ids the condition admits (DataTable for printing), capped. `releasedOnly` readers search and sort by
     * the last released version, as their list does.
     */
    async ids(query: ListQuery, visible: SQL, cap: number, releasedOnly = false) {
      const source = releasedOnly ? releasedListSource : listSource;
      const plan = planList(source, { ...query, limit: cap, offset: 0 }, [visible]);
      const q = db
        .select({
          id: hazardAnalyses.id,
          route: sql<number>`coalesce(${hazardAnalyses.checklistRouteId}, 0)`,
          hazardCount: (releasedOnly ? releasedListColumns : workingListColumns).hazardCount,
        })
        .from(hazardAnalyses)
        .$dynamic();
      return (await withListJoins(q, releasedOnly)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(cap)) as { id: number; route: number; hazardCount: number }[];
    },

    async draftPicker(query: ListQuery, visible: SQL) {
      const plan = planList(listSource, query, [visible]);
      return runList<HazardAnalysisDraftRow>(plan, {
        rows: (p) =>
          db
            .select({ id: hazardAnalyses.id, bezeichnung: hazardAnalyses.bezeichnung })
            .from(hazardAnalyses)
            .leftJoin(locations, eq(locations.id, hazardAnalyses.locationId))
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset),
        count: async (where) => {
          const [row] = await db
            .select({ n: countAll })
            .from(hazardAnalyses)
            .leftJoin(locations, eq(locations.id, hazardAnalyses.locationId))
            .where(where);
          return row?.n ?? 0;
        },
      });
    },
  };
}

export type HazardAnalysisRepository = ReturnType<typeof createHazardAnalysisRepository>;

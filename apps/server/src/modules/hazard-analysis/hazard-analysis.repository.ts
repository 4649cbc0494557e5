import type { HazardAnalysisVersionRow } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { actions } from '#modules/actions/index.ts';
import { activities } from '#modules/activities/tables.ts';
import { employees } from '#modules/employees/tables.ts';
import { factorMenuFactors, factorMenuRegisters } from '#modules/factor-menus/tables.ts';
import { hazardBrickActions, hazardBricks } from '#modules/hazard-bricks/tables.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import { countAll } from '#platform/list.ts';
import { hazardAnalysisListQueries } from './hazard-analysis.list.repository.ts';
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

/**
 * Data access of the hazard assessments (all of the module's SQL; the list queries in
 * hazard-analysis.list.repository.ts). Every function takes the executor first: the database or the
 * caller's transaction.
 */
export const hazardAnalysisRepository = {
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

  /** Bricks by identifier (the demo data name them so). */
  async bricksByIdentifier(ex: Executor, identifiers: string[]) {
    if (identifiers.length === 0) return [];
    return ex
      .select({ id: hazardBricks.id, identifier: hazardBricks.identifier, title: hazardBricks.title })
      .from(hazardBricks)
      .where(inArray(hazardBricks.identifier, identifiers));
  },

  /** The portal's location of this name (the demo data name it so). */
  async locationNamed(ex: Executor, portalId: number, name: string): Promise<number | undefined> {
    const [row] = await ex
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.portalId, portalId), eq(locations.name, name)));
    return row?.id;
  },

  /** Adopted measures written as actions directly (the demo data; the app adopts through the actions port). */
  async insertActions(ex: Executor, rows: (typeof actions.$inferInsert)[]): Promise<void> {
    if (rows.length > 0) await ex.insert(actions).values(rows);
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
      .orderBy(asc(hazardBrickActions.brickId), asc(hazardBrickActions.position), asc(hazardBrickActions.id));
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

  /** Starts a new working version of a released assessment (its released state stays as a frozen version). */
  async startWorkingVersion(ex: Executor, id: number, versionNumber: number) {
    await ex.update(hazardAnalyses).set({ released: false, versionNumber }).where(eq(hazardAnalyses.id, id));
  },

  /**
   * Raises the version of these assessments (changed through their template); a released one starts a new
   * working version.
   */
  async touchAnalyses(ex: Executor, analysisIds: readonly number[]) {
    if (analysisIds.length === 0) return;
    await ex
      .update(hazardAnalyses)
      .set({
        version: sql`${hazardAnalyses.version} + 1`,
        versionNumber: sql`${hazardAnalyses.versionNumber} + case when ${hazardAnalyses.released} then 1 else 0 end`,
        released: false,
        updatedAt: new Date(),
      })
      .where(inArray(hazardAnalyses.id, [...analysisIds]));
  },

  /** A hazard by id alone (any assessment). */
  async hazardById(ex: Executor, hazardId: number): Promise<HazardRecord | undefined> {
    const [r] = await ex.select().from(hazardAnalysisHazards).where(eq(hazardAnalysisHazards.id, hazardId));
    return r;
  },

  /** The assessment a hazard belongs to. */
  async analysisOfHazard(ex: Executor, hazardId: number): Promise<AnalysisRecord | undefined> {
    const [r] = await ex
      .select({ analysis: hazardAnalyses })
      .from(hazardAnalysisHazards)
      .innerJoin(hazardAnalyses, eq(hazardAnalyses.id, hazardAnalysisHazards.analysisId))
      .where(eq(hazardAnalysisHazards.id, hazardId));
    return r?.analysis;
  },

  /** Title and assessment of these hazards (the labels of the action source 'hazard'). */
  async hazardLabels(ex: Executor, hazardIds: readonly number[]) {
    if (hazardIds.length === 0) return [];
    return ex
      .select({
        id: hazardAnalysisHazards.id,
        title: hazardAnalysisHazards.title,
        analysisId: hazardAnalyses.id,
        bezeichnung: hazardAnalyses.bezeichnung,
      })
      .from(hazardAnalysisHazards)
      .innerJoin(hazardAnalyses, eq(hazardAnalyses.id, hazardAnalysisHazards.analysisId))
      .where(inArray(hazardAnalysisHazards.id, [...hazardIds]));
  },

  /** The copies of a template hazard take its texts; answers the assessments holding a copy. */
  async syncCopiesOf(
    ex: Executor,
    master: Pick<HazardRecord, 'id' | 'title' | 'cause' | 'protectionGoal'>,
  ): Promise<number[]> {
    const copies = await ex
      .update(hazardAnalysisHazards)
      .set({ title: master.title, cause: master.cause, protectionGoal: master.protectionGoal })
      .where(eq(hazardAnalysisHazards.masterHazardId, master.id))
      .returning({ analysisId: hazardAnalysisHazards.analysisId });
    return [...new Set(copies.map((c) => c.analysisId))];
  },

  /** The copies of a template hazard become own hazards; answers the assessments holding a copy. */
  async detachCopiesOf(ex: Executor, masterHazardId: number): Promise<number[]> {
    const copies = await ex
      .update(hazardAnalysisHazards)
      .set({ inherited: false, masterHazardId: null })
      .where(eq(hazardAnalysisHazards.masterHazardId, masterHazardId))
      .returning({ analysisId: hazardAnalysisHazards.analysisId });
    return [...new Set(copies.map((c) => c.analysisId))];
  },

  /** The inherited hazards of an assessment become its own (the inheritance ends). */
  async detachInherited(ex: Executor, analysisId: number) {
    await ex
      .update(hazardAnalysisHazards)
      .set({ inherited: false, masterHazardId: null })
      .where(
        and(eq(hazardAnalysisHazards.analysisId, analysisId), eq(hazardAnalysisHazards.inherited, true)),
      );
  },

  /** How many assessments use this factor menu. */
  async countUsingFactorMenu(ex: Executor, menuId: number): Promise<number> {
    const [r] = await ex
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(hazardAnalyses)
      .where(eq(hazardAnalyses.factorMenuId, menuId));
    return r?.n ?? 0;
  },

  /** Which of these hazards have actions: the task sources of the hazards' action tasks. */
  async hazardsWithActions(ex: Executor, hazardIds: number[]): Promise<number[]> {
    if (hazardIds.length === 0) return [];
    const rows = await ex
      .selectDistinct({ sourceId: actions.sourceId })
      .from(actions)
      .where(and(eq(actions.sourceType, 'hazard'), inArray(actions.sourceId, hazardIds)));
    return rows.map((r) => r.sourceId);
  },

  ...hazardAnalysisListQueries,
};

export type HazardAnalysisRepository = typeof hazardAnalysisRepository;

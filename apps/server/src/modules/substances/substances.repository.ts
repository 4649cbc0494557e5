import { type ListQueryInput, listQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import type {
  ClpPickerQuery,
  SubstanceListQuery,
  SubstanceRow,
} from '@schutzwerk/shared/substances/substances.schema.ts';
import {
  clpPickerQuerySchema,
  substanceListQuerySchema,
} from '@schutzwerk/shared/substances/substances.schema.ts';
import { and, asc, count, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { deleteVersioned, updateVersioned } from '#db/versioned.ts';
import { employees } from '#modules/employees/tables.ts';
import { type ListSource, planList, runList } from '#platform/list.ts';
import { countOf, countRows } from '#platform/list-count.ts';
import {
  clpStatements,
  substanceExposureLimits,
  substanceIngredients,
  substancePackageUnits,
  substanceProductGroups,
  substanceSearchText,
  substances,
  substanceVersionStatements,
  substanceVersions,
} from './substances.table.ts';

export type SubstanceRecord = typeof substances.$inferSelect;
export type VersionRecord = typeof substanceVersions.$inferSelect;
export type VersionInsert = typeof substanceVersions.$inferInsert;
export type IngredientInsert = Omit<typeof substanceIngredients.$inferInsert, 'versionId' | 'position'>;
export type ExposureLimitInsert = Omit<typeof substanceExposureLimits.$inferInsert, 'versionId' | 'position'>;

const v = substanceVersions;
const s = substances;

export const substanceSource: ListSource = {
  orderBy: {
    designation: sql`lower(${v.designation})`,
    casNumber: v.casNumber,
    ecNumber: v.ecNumber,
    manufacturerName: sql`lower(${v.manufacturerName})`,
    versionNumber: v.number,
  },
  defaultOrderBy: 'designation',
  tieBreaker: s.id,
  searchText: substanceSearchText(v),
};

/** A complete CAS (2–7, 2, 1 digits) or EC number (3, 3, 1 digits) typed as the search. */
const WHOLE_NUMBER = /^(\d{2,7}-\d{2}-\d|\d{3}-\d{3}-\d)$/;

/** Which substances a caller sees: the main portal all, any other portal its own. */
export type PortalScope = 'all' | number;
const inScope = (scope: PortalScope) => (scope === 'all' ? undefined : eq(s.portalId, scope));

/** Data access of the register; functions that write take an Executor first (decision 031). */
export const substancesRepository = {
  async findById(ex: Executor, id: number, scope: PortalScope, lock?: 'update') {
    const q = ex
      .select()
      .from(s)
      .where(and(eq(s.id, id), inScope(scope)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  /** The versions with their substance's head (for links of other modules, decision 054). */
  async versionHeads(ex: Executor, versionIds: readonly number[]) {
    if (versionIds.length === 0) return [];
    const current = sql<number>`(select cv.number from substance_versions cv where cv.id = ${s.currentVersionId})`;
    return ex
      .select({
        versionId: v.id,
        versionNumber: v.number,
        substanceId: s.id,
        currentVersionNumber: current.mapWith(Number),
        designation: sql<string>`(select cv.designation from substance_versions cv where cv.id = ${s.currentVersionId})`,
        casNumber: sql<string>`(select cv.cas_number from substance_versions cv where cv.id = ${s.currentVersionId})`,
      })
      .from(v)
      .innerJoin(s, eq(s.id, v.substanceId))
      .where(inArray(v.id, [...versionIds]));
  },

  async version(ex: Executor, versionId: number): Promise<VersionRecord | undefined> {
    const [row] = await ex.select().from(v).where(eq(v.id, versionId));
    return row;
  },

  async versions(ex: Executor, substanceId: number) {
    return ex
      .select({
        id: v.id,
        number: v.number,
        fixed: v.fixed,
        createdAt: v.createdAt,
        createdByName: sql<string>`coalesce(${employees.lastName} || ', ' || ${employees.firstName}, '')`,
      })
      .from(v)
      .leftJoin(employees, eq(employees.id, v.createdBy))
      .where(eq(v.substanceId, substanceId))
      .orderBy(asc(v.number));
  },

  async countVersions(ex: Executor, substanceId: number): Promise<number> {
    const [row] = await ex.select({ n: count() }).from(v).where(eq(v.substanceId, substanceId));
    return Number(row?.n ?? 0);
  },

  async employeeName(ex: Executor, id: number | null): Promise<string | null> {
    if (id === null) return null;
    const [row] = await ex
      .select({ name: sql<string>`${employees.lastName} || ', ' || ${employees.firstName}` })
      .from(employees)
      .where(eq(employees.id, id));
    return row?.name ?? null;
  },

  async employeeExists(ex: Executor, id: number): Promise<boolean> {
    const [row] = await ex.select({ id: employees.id }).from(employees).where(eq(employees.id, id));
    return row !== undefined;
  },

  async catalogueEntryExists(ex: Executor, kind: 'productGroup' | 'packageUnit', id: number) {
    const t = kind === 'productGroup' ? substanceProductGroups : substancePackageUnits;
    const [row] = await ex.select({ id: t.id }).from(t).where(eq(t.id, id));
    return row !== undefined;
  },

  /**
   * Which of designation / CAS / EC another substance of the portal already has in its current version
   * (designation compared without case).
   */
  async duplicates(
    ex: Executor,
    portalId: number,
    values: { designation: string; casNumber: string; ecNumber: string },
    exceptId?: number,
  ) {
    const conditions: SQL[] = [sql`lower(${v.designation}) = lower(${values.designation})`];
    if (values.casNumber) conditions.push(eq(v.casNumber, values.casNumber));
    if (values.ecNumber) conditions.push(eq(v.ecNumber, values.ecNumber));
    const rows = await ex
      .select({ designation: v.designation, casNumber: v.casNumber, ecNumber: v.ecNumber })
      .from(s)
      .innerJoin(v, eq(v.id, s.currentVersionId))
      .where(
        and(
          eq(s.portalId, portalId),
          exceptId === undefined ? undefined : ne(s.id, exceptId),
          or(...conditions),
        ),
      );
    return {
      designation: rows.some((r) => r.designation.toLowerCase() === values.designation.toLowerCase()),
      casNumber: values.casNumber !== '' && rows.some((r) => r.casNumber === values.casNumber),
      ecNumber: values.ecNumber !== '' && rows.some((r) => r.ecNumber === values.ecNumber),
    };
  },

  async insertSubstance(ex: Executor, values: typeof substances.$inferInsert): Promise<SubstanceRecord> {
    const [row] = await ex.insert(s).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  /** Writes the record's fields under its version; false when the version is stale. */
  async updateVersioned(
    ex: Executor,
    id: number,
    version: number,
    patch: Partial<typeof substances.$inferInsert>,
  ): Promise<boolean> {
    return updateVersioned(ex, s, id, version, patch);
  },

  async deleteVersioned(ex: Executor, id: number, version: number): Promise<boolean> {
    await ex
      .update(s)
      .set({ currentVersionId: null })
      .where(and(eq(s.id, id), eq(s.version, version)));
    return deleteVersioned(ex, s, id, version);
  },

  async insertVersion(
    ex: Executor,
    values: VersionInsert,
    children: {
      statements: string[];
      ingredients: IngredientInsert[];
      exposureLimits: ExposureLimitInsert[];
    },
  ): Promise<VersionRecord> {
    const [row] = await ex.insert(v).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    await substancesRepository.replaceChildren(ex, row.id, children);
    return row;
  },

  async updateVersion(
    ex: Executor,
    versionId: number,
    values: Partial<VersionInsert>,
    children: {
      statements: string[];
      ingredients: IngredientInsert[];
      exposureLimits: ExposureLimitInsert[];
    },
  ): Promise<void> {
    await ex.update(v).set(values).where(eq(v.id, versionId));
    await substancesRepository.replaceChildren(ex, versionId, children);
  },

  async fixVersion(ex: Executor, versionId: number): Promise<void> {
    await ex.update(v).set({ fixed: true }).where(eq(v.id, versionId));
  },

  async replaceChildren(
    ex: Executor,
    versionId: number,
    children: {
      statements: string[];
      ingredients: IngredientInsert[];
      exposureLimits: ExposureLimitInsert[];
    },
  ) {
    await ex.delete(substanceVersionStatements).where(eq(substanceVersionStatements.versionId, versionId));
    await ex.delete(substanceIngredients).where(eq(substanceIngredients.versionId, versionId));
    await ex.delete(substanceExposureLimits).where(eq(substanceExposureLimits.versionId, versionId));
    if (children.statements.length > 0)
      await ex
        .insert(substanceVersionStatements)
        .values(children.statements.map((code, position) => ({ versionId, code, position })));
    if (children.ingredients.length > 0)
      await ex
        .insert(substanceIngredients)
        .values(children.ingredients.map((i, position) => ({ ...i, versionId, position })));
    if (children.exposureLimits.length > 0)
      await ex
        .insert(substanceExposureLimits)
        .values(children.exposureLimits.map((l, position) => ({ ...l, versionId, position })));
  },

  async children(ex: Executor, versionId: number) {
    const [statements, ingredients, exposureLimits] = await Promise.all([
      ex
        .select({ code: clpStatements.code, kind: clpStatements.kind, text: clpStatements.text })
        .from(substanceVersionStatements)
        .innerJoin(clpStatements, eq(clpStatements.code, substanceVersionStatements.code))
        .where(eq(substanceVersionStatements.versionId, versionId))
        .orderBy(asc(substanceVersionStatements.position)),
      ex
        .select()
        .from(substanceIngredients)
        .where(eq(substanceIngredients.versionId, versionId))
        .orderBy(asc(substanceIngredients.position)),
      ex
        .select()
        .from(substanceExposureLimits)
        .where(eq(substanceExposureLimits.versionId, versionId))
        .orderBy(asc(substanceExposureLimits.position)),
    ]);
    return { statements, ingredients, exposureLimits };
  },

  /** The codes among these that the CLP catalogue does not have. */
  async unknownStatements(ex: Executor, codes: string[]): Promise<string[]> {
    if (codes.length === 0) return [];
    const rows = await ex
      .select({ code: clpStatements.code })
      .from(clpStatements)
      .where(inArray(clpStatements.code, codes));
    const known = new Set(rows.map((r) => r.code));
    return codes.filter((c) => !known.has(c));
  },

  async list(ex: Executor, scope: PortalScope, input: SubstanceListQuery, releasedOnly: boolean) {
    let query = substanceListQuerySchema.parse(input);
    const filters: (SQL | undefined)[] = [inScope(scope)];
    if (!query.showInactive || releasedOnly) filters.push(eq(s.active, true));
    if (releasedOnly) filters.push(eq(s.releaseState, 'agreed'));
    // A whole CAS or EC number is looked up exactly (b-tree index) instead of as text anywhere.
    const number = query.search.trim();
    if (WHOLE_NUMBER.test(number)) {
      filters.push(or(eq(v.casNumber, number), eq(v.ecNumber, number)));
      query = { ...query, search: '' };
    }
    const plan = planList(substanceSource, query, filters);
    return runList<SubstanceRow>(plan, {
      rows: async (p) =>
        (await ex
          .select({
            id: s.id,
            designation: v.designation,
            synonym: v.synonym,
            casNumber: v.casNumber,
            ecNumber: v.ecNumber,
            manufacturerName: v.manufacturerName,
            signalWord: v.signalWord,
            pictograms: v.pictograms,
            cmr: v.cmr,
            versionNumber: v.number,
            releaseState: s.releaseState,
            active: s.active,
          })
          .from(s)
          .innerJoin(v, eq(v.id, s.currentVersionId))
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset)) as SubstanceRow[],
      count: (where) =>
        countOf(ex, (fields) =>
          ex.select(fields).from(s).innerJoin(v, eq(v.id, s.currentVersionId)).where(where),
        ),
    });
  },

  async clpPicker(ex: Executor, input: ClpPickerQuery) {
    const query = clpPickerQuerySchema.parse(input);
    const source: ListSource = {
      orderBy: { position: clpStatements.position, code: clpStatements.code },
      defaultOrderBy: 'position',
      tieBreaker: clpStatements.position,
      searchText: sql`${clpStatements.code} || ' ' || ${clpStatements.text}`,
    };
    const plan = planList(source, query, [query.kind ? eq(clpStatements.kind, query.kind) : undefined]);
    return runList(plan, {
      rows: (p) =>
        ex
          .select({ code: clpStatements.code, kind: clpStatements.kind, text: clpStatements.text })
          .from(clpStatements)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset) as Promise<{ code: string; kind: 'H' | 'EUH' | 'P'; text: string }[]>,
      count: (where) => countRows(ex, clpStatements, where),
    });
  },

  /** Inserts missing codes and updates changed texts (the catalogue follows the shipped data). */
  async upsertClpStatements(
    ex: Executor,
    rows: { code: string; kind: string; text: string; position: number }[],
  ) {
    await ex
      .insert(clpStatements)
      .values(rows)
      .onConflictDoUpdate({
        target: clpStatements.code,
        set: { kind: sql`excluded.kind`, text: sql`excluded.text`, position: sql`excluded.position` },
      });
  },

  // ── product groups and package units ──────────────────────────────────────────────────────────────
  catalogue: {
    table: (kind: 'productGroup' | 'packageUnit') =>
      kind === 'productGroup' ? substanceProductGroups : substancePackageUnits,

    async list(ex: Executor, kind: 'productGroup' | 'packageUnit', input: ListQueryInput) {
      const t = substancesRepository.catalogue.table(kind);
      const query = listQuerySchema.parse(input);
      const plan = planList(
        {
          orderBy: { name: sql`lower(${t.name})` },
          defaultOrderBy: 'name',
          tieBreaker: t.id,
          searchText: sql`${t.name}`,
        },
        query,
      );
      return runList(plan, {
        rows: (p) =>
          ex
            .select({ id: t.id, name: t.name, version: t.version })
            .from(t)
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset),
        count: (where) => countRows(ex, t, where),
      });
    },
    async find(ex: Executor, kind: 'productGroup' | 'packageUnit', id: number) {
      const t = substancesRepository.catalogue.table(kind);
      const [row] = await ex
        .select({ id: t.id, name: t.name, version: t.version })
        .from(t)
        .where(eq(t.id, id));
      return row;
    },
    async nameTaken(ex: Executor, kind: 'productGroup' | 'packageUnit', name: string, exceptId?: number) {
      const t = substancesRepository.catalogue.table(kind);
      const rows = await ex
        .select({ id: t.id })
        .from(t)
        .where(
          and(
            sql`lower(${t.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(t.id, exceptId),
          ),
        );
      return rows.length > 0;
    },
    async insert(ex: Executor, kind: 'productGroup' | 'packageUnit', name: string) {
      const t = substancesRepository.catalogue.table(kind);
      const [row] = await ex
        .insert(t)
        .values({ name })
        .returning({ id: t.id, name: t.name, version: t.version });
      if (!row) throw new Error('insert returned nothing');
      return row;
    },
    async isEmpty(ex: Executor, kind: 'productGroup' | 'packageUnit') {
      const t = substancesRepository.catalogue.table(kind);
      const [row] = await ex.select({ id: t.id }).from(t).limit(1);
      return row === undefined;
    },
    async updateVersioned(
      ex: Executor,
      kind: 'productGroup' | 'packageUnit',
      id: number,
      version: number,
      name: string,
    ) {
      const t = substancesRepository.catalogue.table(kind);
      const rows = await ex
        .update(t)
        .set({ name, version: sql`${t.version} + 1`, updatedAt: new Date() })
        .where(and(eq(t.id, id), eq(t.version, version)))
        .returning({ id: t.id, name: t.name, version: t.version });
      return rows[0];
    },
    async inUse(ex: Executor, kind: 'productGroup' | 'packageUnit', id: number): Promise<boolean> {
      const column = kind === 'productGroup' ? v.productGroupId : v.packageUnitId;
      const [row] = await ex.select({ id: v.id }).from(v).where(eq(column, id)).limit(1);
      return row !== undefined;
    },
    async deleteVersioned(ex: Executor, kind: 'productGroup' | 'packageUnit', id: number, version: number) {
      const t = substancesRepository.catalogue.table(kind);
      return deleteVersioned(ex, t, id, version);
    },
  },
};

export type SubstancesRepository = typeof substancesRepository;

import type {
  HazardBrickActionRow,
  HazardBrickChildPickerQuery,
  HazardBrickCodeRow,
  HazardBrickGuidelineRow,
  HazardBrickListQuery,
  HazardBrickRow,
} from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import {
  FREE_MARK,
  hazardBrickChildPickerQuerySchema,
  hazardBrickListQuerySchema,
} from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { deleteVersioned, updateVersioned } from '#db/versioned.ts';
import { type ListSource, planList, runList } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import {
  hazardBrickActionGuidelines,
  hazardBrickActions,
  hazardBricks,
  hazardBrickVerificationCodes,
} from './hazard-bricks.table.ts';

export type BrickRecord = typeof hazardBricks.$inferSelect;
export type BrickInsert = typeof hazardBricks.$inferInsert;
export type BrickChildren = {
  actions: { identifier: string; description: string }[];
  guidelines: { title: string; description: string }[];
  verificationCodes: { code: string; description: string }[];
};

export const brickSource: ListSource = {
  orderBy: {
    identifier: sql`lower(${hazardBricks.identifier})`,
    title: sql`lower(${hazardBricks.title})`,
    riskFrom: hazardBricks.riskFrom,
    riskTo: hazardBricks.riskTo,
  },
  defaultOrderBy: 'identifier',
  tieBreaker: hazardBricks.id,
  searchText: sql`${hazardBricks.identifier} || ' ' || ${hazardBricks.title}`,
};

/** Which bricks a list shows: every brick, only standard bricks, or only free bricks. */
export type BrickVariant = 'list' | 'default' | 'free' | 'all';

/** Data access of the hazard bricks; methods that write take an Executor. */
export const hazardBricksRepository = {
  async findById(ex: Executor, id: number, lock?: 'update'): Promise<BrickRecord | undefined> {
    const q = ex.select().from(hazardBricks).where(eq(hazardBricks.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  /** True while the catalogue has no brick (the base data fill only an empty one). */
  async isEmpty(ex: Executor): Promise<boolean> {
    const [any] = await ex.select({ id: hazardBricks.id }).from(hazardBricks).limit(1);
    return any === undefined;
  },

  /** A brick of the base data; undefined when its identifier exists already. */
  async insertIfAbsent(ex: Executor, values: BrickInsert): Promise<number | undefined> {
    const [row] = await ex
      .insert(hazardBricks)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: hazardBricks.id });
    return row?.id;
  },

  async identifierTaken(ex: Executor, identifier: string, exceptId?: number): Promise<boolean> {
    const rows = await ex
      .select({ id: hazardBricks.id })
      .from(hazardBricks)
      .where(
        and(
          sql`lower(${hazardBricks.identifier}) = lower(${identifier})`,
          exceptId === undefined ? undefined : sql`${hazardBricks.id} <> ${exceptId}`,
        ),
      );
    return rows.length > 0;
  },

  async insert(ex: Executor, values: BrickInsert): Promise<BrickRecord> {
    const [row] = await ex.insert(hazardBricks).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  async updateVersioned(ex: Executor, id: number, version: number, patch: Partial<BrickInsert>) {
    return updateVersioned(ex, hazardBricks, id, version, patch);
  },

  async deleteVersioned(ex: Executor, id: number, version: number): Promise<boolean> {
    return deleteVersioned(ex, hazardBricks, id, version);
  },

  async children(ex: Executor, brickId: number) {
    const actions = await ex
      .select({
        id: hazardBrickActions.id,
        identifier: hazardBrickActions.identifier,
        description: hazardBrickActions.description,
      })
      .from(hazardBrickActions)
      .where(eq(hazardBrickActions.brickId, brickId))
      .orderBy(asc(hazardBrickActions.position));
    const guidelines = await ex
      .select({
        id: hazardBrickActionGuidelines.id,
        title: hazardBrickActionGuidelines.title,
        description: hazardBrickActionGuidelines.description,
      })
      .from(hazardBrickActionGuidelines)
      .where(eq(hazardBrickActionGuidelines.brickId, brickId))
      .orderBy(asc(hazardBrickActionGuidelines.position));
    const verificationCodes = await ex
      .select({
        id: hazardBrickVerificationCodes.id,
        code: hazardBrickVerificationCodes.code,
        description: hazardBrickVerificationCodes.description,
      })
      .from(hazardBrickVerificationCodes)
      .where(eq(hazardBrickVerificationCodes.brickId, brickId))
      .orderBy(asc(hazardBrickVerificationCodes.position));
    return { actions, guidelines, verificationCodes };
  },

  /** Replaces the actions and guidelines of a brick (in the given order). */
  async replaceActions(
    ex: Executor,
    brickId: number,
    children: Pick<BrickChildren, 'actions' | 'guidelines'>,
  ) {
    await ex.delete(hazardBrickActions).where(eq(hazardBrickActions.brickId, brickId));
    await ex.delete(hazardBrickActionGuidelines).where(eq(hazardBrickActionGuidelines.brickId, brickId));
    if (children.actions.length > 0)
      await ex
        .insert(hazardBrickActions)
        .values(children.actions.map((a, position) => ({ brickId, position, ...a })));
    if (children.guidelines.length > 0)
      await ex
        .insert(hazardBrickActionGuidelines)
        .values(children.guidelines.map((g, position) => ({ brickId, position, ...g })));
  },

  async replaceCodes(ex: Executor, brickId: number, codes: BrickChildren['verificationCodes']) {
    await ex.delete(hazardBrickVerificationCodes).where(eq(hazardBrickVerificationCodes.brickId, brickId));
    if (codes.length > 0)
      await ex
        .insert(hazardBrickVerificationCodes)
        .values(codes.map((c, position) => ({ brickId, position, ...c })));
  },

  /**
   * The bricks the list shows for this search and filter (ordered by identifier) with their actions,
   * guidelines and verification codes, each child row naming its brick (the export file).
   */
  async forExport(ex: Executor, input: { search?: string | undefined; free?: boolean | undefined }) {
    const query = hazardBrickListQuerySchema.parse({ search: input.search, free: input.free });
    const filters: (SQL | undefined)[] = [];
    if (query.free !== undefined) filters.push(eq(hazardBricks.free, query.free));
    const plan = planList(brickSource, query, filters);
    const bricks = await ex
      .select()
      .from(hazardBricks)
      .where(plan.where)
      .orderBy(sql`lower(${hazardBricks.identifier})`, asc(hazardBricks.id));
    const ids = bricks.map((b) => b.id);
    if (ids.length === 0) return { bricks, actions: [], guidelines: [], verificationCodes: [] };
    const [actions, guidelines, verificationCodes] = await Promise.all([
      ex
        .select({
          brickId: hazardBrickActions.brickId,
          identifier: hazardBrickActions.identifier,
          description: hazardBrickActions.description,
        })
        .from(hazardBrickActions)
        .where(inArray(hazardBrickActions.brickId, ids))
        .orderBy(asc(hazardBrickActions.position)),
      ex
        .select({
          brickId: hazardBrickActionGuidelines.brickId,
          title: hazardBrickActionGuidelines.title,
          description: hazardBrickActionGuidelines.description,
        })
        .from(hazardBrickActionGuidelines)
        .where(inArray(hazardBrickActionGuidelines.brickId, ids))
        .orderBy(asc(hazardBrickActionGuidelines.position)),
      ex
        .select({
          brickId: hazardBrickVerificationCodes.brickId,
          code: hazardBrickVerificationCodes.code,
          description: hazardBrickVerificationCodes.description,
        })
        .from(hazardBrickVerificationCodes)
        .where(inArray(hazardBrickVerificationCodes.brickId, ids))
        .orderBy(asc(hazardBrickVerificationCodes.position)),
    ]);
    return { bricks, actions, guidelines, verificationCodes };
  },

  /** The identifiers that exist already among these (compared without case), ordered without case. */
  async existingIdentifiers(ex: Executor, lowerCaseIdentifiers: string[]): Promise<string[]> {
    if (lowerCaseIdentifiers.length === 0) return [];
    const rows = await ex
      .select({ identifier: hazardBricks.identifier })
      .from(hazardBricks)
      .where(inArray(sql`lower(${hazardBricks.identifier})`, lowerCaseIdentifiers))
      .orderBy(sql`lower(${hazardBricks.identifier})`);
    return rows.map((r) => r.identifier);
  },

  async list(ex: Executor, variant: BrickVariant, input: HazardBrickListQuery) {
    const query = hazardBrickListQuerySchema.parse(input);
    const filters: (SQL | undefined)[] = [];
    if (variant === 'default') filters.push(eq(hazardBricks.free, false));
    if (variant === 'free') filters.push(eq(hazardBricks.free, true));
    if (variant === 'list' && query.free !== undefined) filters.push(eq(hazardBricks.free, query.free));
    const plan = planList(brickSource, query, filters);
    const mark =
      variant === 'all'
        ? sql<string | null>`case when ${hazardBricks.free} then ${FREE_MARK} end`
        : sql<string | null>`null`;
    return runList<HazardBrickRow>(plan, {
      rows: (p) =>
        ex
          .select({
            id: hazardBricks.id,
            identifier: hazardBricks.identifier,
            title: hazardBricks.title,
            riskFrom: hazardBricks.riskFrom,
            riskTo: hazardBricks.riskTo,
            free: hazardBricks.free,
            mark,
          })
          .from(hazardBricks)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      count: (where) => countRows(ex, hazardBricks, where),
    });
  },

  actionPicker: (ex: Executor, input: HazardBrickChildPickerQuery) =>
    childList<HazardBrickActionRow>(
      ex,
      input,
      hazardBrickActions,
      {
        id: hazardBrickActions.id,
        brickId: hazardBrickActions.brickId,
        identifier: hazardBrickActions.identifier,
        description: hazardBrickActions.description,
      },
      {
        position: hazardBrickActions.position,
        identifier: sql`lower(${hazardBrickActions.identifier})`,
      },
      sql`${hazardBrickActions.identifier} || ' ' || ${hazardBrickActions.description}`,
    ),

  guidelinePicker: (ex: Executor, input: HazardBrickChildPickerQuery) =>
    childList<HazardBrickGuidelineRow>(
      ex,
      input,
      hazardBrickActionGuidelines,
      {
        id: hazardBrickActionGuidelines.id,
        brickId: hazardBrickActionGuidelines.brickId,
        title: hazardBrickActionGuidelines.title,
        description: hazardBrickActionGuidelines.description,
      },
      {
        position: hazardBrickActionGuidelines.position,
        title: sql`lower(${hazardBrickActionGuidelines.title})`,
      },
      sql`${hazardBrickActionGuidelines.title} || ' ' || ${hazardBrickActionGuidelines.description}`,
    ),

  codePicker: (ex: Executor, input: HazardBrickChildPickerQuery) =>
    childList<HazardBrickCodeRow>(
      ex,
      input,
      hazardBrickVerificationCodes,
      {
        id: hazardBrickVerificationCodes.id,
        brickId: hazardBrickVerificationCodes.brickId,
        code: hazardBrickVerificationCodes.code,
        description: hazardBrickVerificationCodes.description,
      },
      {
        position: hazardBrickVerificationCodes.position,
        code: sql`lower(${hazardBrickVerificationCodes.code})`,
      },
      sql`${hazardBrickVerificationCodes.code} || ' ' || ${hazardBrickVerificationCodes.description}`,
    ),
};

type ChildTable =
  | typeof hazardBrickActions
  | typeof hazardBrickActionGuidelines
  | typeof hazardBrickVerificationCodes;

async function childList<Row>(
  ex: Executor,
  input: HazardBrickChildPickerQuery,
  table: ChildTable,
  // biome-ignore lint/suspicious/noExplicitAny: drizzle selection shape
  fields: Record<string, any>,
  orderBy: ListSource['orderBy'],
  searchText: SQL,
) {
  const query = hazardBrickChildPickerQuerySchema.parse(input);
  const source: ListSource = { orderBy, defaultOrderBy: 'position', tieBreaker: table.id, searchText };
  const plan = planList(source, query, [eq(table.brickId, query.brickId)]);
  return runList<Row>(plan, {
    rows: async (p) =>
      (await ex
        .select(fields)
        .from(table)
        .where(p.where)
        .orderBy(...p.orderBy)
        .limit(p.limit)
        .offset(p.offset)) as Row[],
    count: (where) => countRows(ex, table, where),
  });
}

export type HazardBricksRepository = typeof hazardBricksRepository;

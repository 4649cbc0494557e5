import type { ExternalRecordRow, ExternalSite } from '@schutzwerk/shared/instructions/external.schema.ts';
import { and, asc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { locations } from '#modules/organisation/tables.ts';
import { type ChangeEntry, recordChange } from '#platform/audit.ts';
import { type ListPlan, type ListSource, planList, runList } from '#platform/list.ts';
import { countOf } from '#platform/list-count.ts';
import { externalInstructionSites, externalInstructions } from './external.table.ts';
import { instructionQuestions, instructionTopics } from './instructions.table.ts';

/** Data access of the external instructions (decision 074). No rules; the executor first (decision 031). */

export type ExternalRecord = typeof externalInstructions.$inferSelect;
export type SiteRecord = typeof externalInstructionSites.$inferSelect;

const siteFields = {
  locationId: locations.id,
  portalId: locations.portalId,
  locationName: locations.name,
  enabled: sql<boolean>`coalesce(${externalInstructionSites.enabled}, false)`,
  topicIds: sql<number[]>`coalesce(${externalInstructionSites.topicIds}, '[]'::jsonb)`,
  imageHash: externalInstructionSites.imageHash,
  imageType: externalInstructionSites.imageType,
  version: sql<number>`coalesce(${externalInstructionSites.version}, 0)`,
};

export type SiteRow = {
  locationId: number;
  portalId: number;
  locationName: string;
  enabled: boolean;
  topicIds: number[];
  imageHash: string | null;
  imageType: string | null;
  version: number;
};

export const toSite = (row: SiteRow): ExternalSite => ({
  locationId: row.locationId,
  locationName: row.locationName,
  enabled: row.enabled,
  topicIds: row.topicIds,
  hasImage: row.imageHash !== null,
  version: Number(row.version),
});

const recordName = sql`lower(${externalInstructions.lastName} || ' ' || ${externalInstructions.firstName})`;

const recordSource: ListSource = {
  orderBy: {
    startedAt: externalInstructions.startedAt,
    name: [recordName, externalInstructions.startedAt],
    company: [sql`lower(${externalInstructions.company})`, externalInstructions.startedAt],
    location: [sql`lower(${locations.name})`, externalInstructions.startedAt],
  },
  defaultOrderBy: 'startedAt',
  tieBreaker: externalInstructions.id,
  searchText: sql`lower(${externalInstructions.lastName} || ' ' || ${externalInstructions.firstName} || ' ' || ${externalInstructions.company} || ' ' || ${externalInstructions.idNumber} || ' ' || ${locations.name})`,
};

export const externalRepository = {
  /** Every location of the portal with its kiosk settings (defaults where none are saved), by name. */
  async sitesOfPortal(ex: Executor, portalId: number): Promise<SiteRow[]> {
    return ex
      .select(siteFields)
      .from(locations)
      .leftJoin(externalInstructionSites, eq(externalInstructionSites.locationId, locations.id))
      .where(eq(locations.portalId, portalId))
      .orderBy(sql`lower(${locations.name})`, asc(locations.id));
  },

  async site(ex: Executor, locationId: number): Promise<SiteRow | undefined> {
    const [row] = await ex
      .select(siteFields)
      .from(locations)
      .leftJoin(externalInstructionSites, eq(externalInstructionSites.locationId, locations.id))
      .where(eq(locations.id, locationId));
    return row;
  },

  /**
   * Saves a location's settings against the version read (0: never saved). Answers false when another save
   * came first (the caller answers CONFLICT).
   */
  async saveSite(
    ex: Executor,
    site: { locationId: number; portalId: number },
    version: number,
    values: Partial<Pick<SiteRecord, 'enabled' | 'topicIds' | 'imageHash' | 'imageType'>>,
  ): Promise<boolean> {
    if (version === 0) {
      const rows = await ex
        .insert(externalInstructionSites)
        .values({ locationId: site.locationId, portalId: site.portalId, ...values })
        .onConflictDoNothing()
        .returning({ id: externalInstructionSites.locationId });
      return rows.length === 1;
    }
    const rows = await ex
      .update(externalInstructionSites)
      .set({ ...values, version: sql`${externalInstructionSites.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(externalInstructionSites.locationId, site.locationId),
          eq(externalInstructionSites.version, version),
        ),
      )
      .returning({ id: externalInstructionSites.locationId });
    return rows.length === 1;
  },

  /** The locations the kiosk offers: switched on with at least one topic. */
  async offered(ex: Executor): Promise<SiteRow[]> {
    return ex
      .select(siteFields)
      .from(externalInstructionSites)
      .innerJoin(locations, eq(locations.id, externalInstructionSites.locationId))
      .where(
        and(
          eq(externalInstructionSites.enabled, true),
          sql`jsonb_array_length(${externalInstructionSites.topicIds}) > 0`,
        ),
      )
      .orderBy(sql`lower(${locations.name})`, asc(locations.id));
  },

  /** The portal's topics among `ids` (unknown or foreign ids are left out). */
  async topics(ex: Executor, portalId: number, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return ex
      .select()
      .from(instructionTopics)
      .where(and(eq(instructionTopics.portalId, portalId), inArray(instructionTopics.id, [...ids])));
  },

  /** The topics the settings offer: the portal's released, active ones, by identifier. */
  async topicOptions(ex: Executor, portalId: number) {
    return ex
      .select({
        id: instructionTopics.id,
        identifier: instructionTopics.identifier,
        label: instructionTopics.label,
      })
      .from(instructionTopics)
      .where(
        and(
          eq(instructionTopics.portalId, portalId),
          eq(instructionTopics.released, true),
          eq(instructionTopics.inactive, false),
        ),
      )
      .orderBy(sql`lower(${instructionTopics.identifier})`, asc(instructionTopics.id));
  },

  /** Which of the topics have at least one question. */
  async topicsWithQuestions(ex: Executor, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await ex
      .selectDistinct({ topicId: instructionQuestions.topicId })
      .from(instructionQuestions)
      .where(inArray(instructionQuestions.topicId, [...ids]));
    return new Set(rows.map((r) => r.topicId));
  },

  async insert(ex: Executor, values: typeof externalInstructions.$inferInsert): Promise<ExternalRecord> {
    const [row] = await ex.insert(externalInstructions).values(values).returning();
    if (!row) throw new Error('external instruction not inserted');
    return row;
  },

  async byToken(ex: Executor, tokenHash: string, lock?: 'update'): Promise<ExternalRecord | undefined> {
    const q = ex.select().from(externalInstructions).where(eq(externalInstructions.tokenHash, tokenHash));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async byId(ex: Executor, id: number): Promise<ExternalRecord | undefined> {
    const [row] = await ex.select().from(externalInstructions).where(eq(externalInstructions.id, id));
    return row;
  },

  async update(
    ex: Executor,
    id: number,
    values: Partial<
      Pick<
        ExternalRecord,
        'status' | 'attempt' | 'current' | 'questionIds' | 'position' | 'completedAt' | 'validUntil'
      >
    >,
  ): Promise<ExternalRecord> {
    const [row] = await ex
      .update(externalInstructions)
      .set({ ...values, version: sql`${externalInstructions.version} + 1` })
      .where(eq(externalInstructions.id, id))
      .returning();
    if (!row) throw new Error('external instruction vanished');
    return row;
  },

  async locationName(ex: Executor, locationId: number): Promise<string> {
    const [row] = await ex
      .select({ name: locations.name })
      .from(locations)
      .where(eq(locations.id, locationId));
    return row?.name ?? '';
  },

  /** The records of a portal (list protocol), optionally of one location. */
  async list(
    ex: Executor,
    portalId: number,
    locationId: number | undefined,
    query: Parameters<typeof planList>[1],
  ) {
    const where: SQL[] = [eq(externalInstructions.portalId, portalId)];
    if (locationId !== undefined) where.push(eq(externalInstructions.locationId, locationId));
    const plan = planList(recordSource, query, where);
    return runList<ExternalRecordRow>(plan, {
      rows: async (pl: ListPlan) => {
        const rows = await ex
          .select({ record: externalInstructions, locationName: locations.name })
          .from(externalInstructions)
          .innerJoin(locations, eq(locations.id, externalInstructions.locationId))
          .where(pl.where)
          .orderBy(...pl.orderBy)
          .limit(pl.limit)
          .offset(pl.offset);
        return rows.map(({ record: r, locationName }) => ({
          id: r.id,
          locationId: r.locationId,
          locationName,
          firstName: r.firstName,
          lastName: r.lastName,
          company: r.company,
          idNumber: r.idNumber,
          reason: r.reason,
          topics: r.topics.map((t) => t.label),
          status: r.status === 'passed' ? 'passed' : 'running',
          attempts: r.attempt,
          startedAt: r.startedAt.toISOString(),
          completedAt: r.completedAt ? r.completedAt.toISOString() : null,
          validUntil: r.validUntil,
        }));
      },
      count: (w) =>
        countOf(ex, (fields) =>
          ex
            .select(fields)
            .from(externalInstructions)
            .innerJoin(locations, eq(locations.id, externalInstructions.locationId))
            .where(w),
        ),
    });
  },

  /** The portals that have kiosk records (the retention job walks them, decision 078). */
  async portalsWithRecords(ex: Executor): Promise<number[]> {
    const rows = await ex
      .selectDistinct({ portalId: externalInstructions.portalId })
      .from(externalInstructions);
    return rows.map((r) => r.portalId);
  },

  /**
   * The records past their retention (decision 078): passed ones completed before `passedBefore` whose validity
   * ended before `today` (or that have none), and unfinished ones started before `startedBefore`.
   */
  async expired(
    ex: Executor,
    portalId: number,
    cut: { passedBefore: Date; today: string; startedBefore: Date },
  ): Promise<{ id: number; status: string }[]> {
    return ex
      .select({ id: externalInstructions.id, status: externalInstructions.status })
      .from(externalInstructions)
      .where(
        and(
          eq(externalInstructions.portalId, portalId),
          or(
            and(
              eq(externalInstructions.status, 'passed'),
              lt(externalInstructions.completedAt, cut.passedBefore),
              or(isNull(externalInstructions.validUntil), lt(externalInstructions.validUntil, cut.today)),
            ),
            and(
              eq(externalInstructions.status, 'running'),
              lt(externalInstructions.startedAt, cut.startedBefore),
            ),
          ),
        ),
      )
      .orderBy(asc(externalInstructions.id));
  },

  async deleteRecords(ex: Executor, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await ex.delete(externalInstructions).where(inArray(externalInstructions.id, [...ids]));
  },

  async logChange(ex: Executor, entry: ChangeEntry): Promise<void> {
    await recordChange(ex, entry);
  },
};

export type ExternalRepository = typeof externalRepository;

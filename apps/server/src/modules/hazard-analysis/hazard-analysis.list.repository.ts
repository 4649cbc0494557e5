import type {
  HazardAnalysisDraftRow,
  HazardAnalysisRow,
  HazardAnalysisStatusFilter,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import type { ListQuery } from '@schutzwerk/shared/list/list.schema.ts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '#db/client.ts';
import { activities } from '#modules/activities/tables.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import { type ListSource, planList, runList } from '#platform/list.ts';
import { type CountQuery, countOf } from '#platform/list-count.ts';
import { hazardAnalyses, hazardAnalysisVersions } from './hazard-analysis.table.ts';

/**
 * What one reader may see of the assessments (or templates), decided by the access rules
 * (hazard-analysis.access.ts) and turned into SQL here: the portal, templates or assessments, the location
 * scope (assessments only) and whether the working copy is readable (otherwise: released ones only; templates
 * not at all).
 */
export type Visibility = {
  portalId: number;
  templates: boolean;
  /** The location ids in scope, or 'all'; not read for templates. */
  scope: number[] | 'all';
  /** The reader may read working copies (HAZARDANALYSIS_READONLY or more). */
  working: boolean;
};

/** The DataTable's status filter (hazard-analysis.access.ts parses it from the request). */
export type DataTableStatus = 'active' | 'inactive' | 'released';

const hasVersion = sql`exists (select 1 from hazard_analysis_versions v where v.analysis_id = ${hazardAnalyses.id})`;

/** The SQL condition of a visibility: portal, templates or location scope, released only. */
export function visibleCondition(v: Visibility): SQL {
  const conditions: SQL[] = [
    eq(hazardAnalyses.portalId, v.portalId),
    eq(hazardAnalyses.isTemplate, v.templates),
  ];
  if (v.templates) {
    if (!v.working) conditions.push(sql`false`);
    return and(...conditions) as SQL;
  }
  if (v.scope !== 'all') {
    conditions.push(v.scope.length === 0 ? sql`false` : inArray(hazardAnalyses.locationId, v.scope));
  }
  if (!v.working) conditions.push(hasVersion);
  return and(...conditions) as SQL;
}

function dataTableStatusCondition(status: DataTableStatus | undefined): SQL | undefined {
  if (status === 'active') return eq(hazardAnalyses.active, true);
  if (status === 'inactive') return eq(hazardAnalyses.active, false);
  if (status === 'released') return hasVersion;
  return undefined;
}

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

/** The list queries of the hazard assessments (list, DataTable, print records, template picker). */
export const hazardAnalysisListQueries = {
  /**
   * The list of assessments (or templates) the visibility admits. `releasedOnly` readers get each assessment
   * as its last released version shows it (the visibility admits only released ones for them).
   */
  async list(
    ex: Executor,
    query: ListQuery,
    visibility: Visibility,
    status: HazardAnalysisStatusFilter,
    releasedOnly = false,
  ) {
    const filters: (SQL | undefined)[] = [visibleCondition(visibility)];
    if (status === 'active') filters.push(eq(hazardAnalyses.active, true));
    if (status === 'inactive') filters.push(eq(hazardAnalyses.active, false));
    if (status === 'released') filters.push(sql`${latestVersionId} is not null`);
    const plan = planList(releasedOnly ? releasedListSource : listSource, query, filters);
    const columns = releasedOnly ? releasedListColumns : workingListColumns;
    const joined = <Q extends PgSelect>(q: Q) => withListJoins(q, releasedOnly);
    return runList<HazardAnalysisRow>(plan, {
      rows: async (p) =>
        (await joined(ex.select(columns).from(hazardAnalyses).$dynamic())
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset)) as HazardAnalysisRow[],
      count: (where) =>
        countOf(
          ex,
          (fields) =>
            joined(ex.select(fields).from(hazardAnalyses).$dynamic()).where(where) as unknown as CountQuery,
        ),
    });
  },

  /** Of these ids, the ones the visibility admits, each with its last released version (or null). */
  async latestVersions(ex: Executor, visibility: Visibility, ids: number[]) {
    return ex
      .select({ id: hazardAnalyses.id, latestVersionId })
      .from(hazardAnalyses)
      .where(and(visibleCondition(visibility), inArray(hazardAnalyses.id, ids)));
  },

  /**
   * All ids the visibility (and the DataTable's status) admits, for printing, capped. `releasedOnly` readers
   * search and sort by the last released version, as their list does.
   */
  async ids(
    ex: Executor,
    query: ListQuery,
    visibility: Visibility,
    status: DataTableStatus | undefined,
    cap: number,
    releasedOnly = false,
  ) {
    const visible = and(visibleCondition(visibility), dataTableStatusCondition(status)) as SQL;
    const source = releasedOnly ? releasedListSource : listSource;
    const plan = planList(source, { ...query, limit: cap, offset: 0 }, [visible]);
    const q = ex
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

  /** The template picker: the active entries the visibility admits. */
  async draftPicker(ex: Executor, query: ListQuery, visibility: Visibility) {
    const visible = and(visibleCondition(visibility), eq(hazardAnalyses.active, true)) as SQL;
    const plan = planList(listSource, query, [visible]);
    return runList<HazardAnalysisDraftRow>(plan, {
      rows: (p) =>
        ex
          .select({ id: hazardAnalyses.id, bezeichnung: hazardAnalyses.bezeichnung })
          .from(hazardAnalyses)
          .leftJoin(locations, eq(locations.id, hazardAnalyses.locationId))
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      count: (where) =>
        countOf(ex, (fields) =>
          ex
            .select(fields)
            .from(hazardAnalyses)
            .leftJoin(locations, eq(locations.id, hazardAnalyses.locationId))
            .where(where),
        ),
    });
  },
};

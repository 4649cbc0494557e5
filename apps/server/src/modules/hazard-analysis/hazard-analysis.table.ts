import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { activities } from '#modules/activities/tables.ts';
import { employees } from '#modules/employees/tables.ts';
import { factorMenuFactors, factorMenus } from '#modules/factor-menus/tables.ts';
import { hazardBricks } from '#modules/hazard-bricks/tables.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import { substanceVersions } from '#modules/substances/tables.ts';

/**
 * Hazard assessments (Gefährdungsbeurteilungen, decision 021). Portal-scoped. `is_template` rows are the
 * templates ('Vorlagen (GBM)'). The working copy carries the current version number; `released` says the
 * working copy is the released one (a later edit starts version + 1). Frozen releases live in
 * `hazard_analysis_versions`.
 */
export const hazardAnalyses = pgTable(
  'hazard_analyses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    bezeichnung: text('bezeichnung').notNull(),
    locationId: integer('location_id').references(() => locations.id),
    departmentId: integer('department_id').references(() => departments.id),
    activityId: integer('activity_id').references(() => activities.id),
    isTemplate: boolean('is_template').notNull().default(false),
    /** 0 nothing, 1 instructions, 2 operating instructions, 3 both. */
    attachSetting: integer('attach_setting').notNull().default(0),
    active: boolean('active').notNull().default(true),
    inactiveComment: text('inactive_comment').notNull().default(''),
    versionNumber: integer('version_number').notNull().default(1),
    released: boolean('released').notNull().default(false),
    releaseDate: date('release_date', { mode: 'string' }),
    nextCheckDate: date('next_check_date', { mode: 'string' }),
    releaseResponsibleId: integer('release_responsible_id').references(() => employees.id),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    inheritanceTemplateId: integer('inheritance_template_id').references(
      (): AnyPgColumn => hazardAnalyses.id,
    ),
    /** Factor menu (decision 019); a menu in use cannot be deleted. */
    factorMenuId: integer('factor_menu_id').references(() => factorMenus.id, { onDelete: 'restrict' }),
    /** Questionnaire route (checklists, later; spec's checklist_collectiontree_route). */
    checklistRouteId: integer('checklist_route_id'),
    ...versioned,
  },
  (t) => [
    index('hazard_analyses_portal').on(t.portalId, t.isTemplate),
    index('hazard_analyses_location').on(t.locationId),
    index('hazard_analyses_inheritance').on(t.inheritanceTemplateId),
    index('hazard_analyses_search').using('gin', sql`${t.bezeichnung} gin_trgm_ops`),
    check('hazard_analyses_attach_setting', sql`${t.attachSetting} between 0 and 3`),
    check('hazard_analyses_version_number', sql`${t.versionNumber} >= 1`),
  ],
);

/** Hazards (Gefährdungen) of an assessment; NOHL ratings before/after actions as matrix indices 1–4. */
export const hazardAnalysisHazards = pgTable(
  'hazard_analysis_hazards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    analysisId: integer('analysis_id')
      .notNull()
      .references(() => hazardAnalyses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    brickId: integer('brick_id').references(() => hazardBricks.id),
    title: text('title').notNull(),
    cause: text('cause').notNull().default(''),
    protectionGoal: text('protection_goal').notNull().default(''),
    comment: text('comment').notNull().default(''),
    responsibleId: integer('responsible_id')
      .notNull()
      .references(() => employees.id),
    probabilityBefore: integer('probability_before'),
    severityBefore: integer('severity_before'),
    probabilityAfter: integer('probability_after'),
    severityAfter: integer('severity_after'),
    inherited: boolean('inherited').notNull().default(false),
    masterHazardId: integer('master_hazard_id').references((): AnyPgColumn => hazardAnalysisHazards.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('hazard_analysis_hazards_analysis').on(t.analysisId, t.position),
    index('hazard_analysis_hazards_brick').on(t.brickId),
    index('hazard_analysis_hazards_master').on(t.masterHazardId),
    index('hazard_analysis_hazards_responsible').on(t.responsibleId),
    check(
      'hazard_analysis_hazards_rating_before',
      sql`(${t.probabilityBefore} is null and ${t.severityBefore} is null) or (${t.probabilityBefore} between 1 and 4 and ${t.severityBefore} between 1 and 4)`,
    ),
    check(
      'hazard_analysis_hazards_rating_after',
      sql`(${t.probabilityAfter} is null and ${t.severityAfter} is null) or (${t.probabilityAfter} between 1 and 4 and ${t.severityAfter} between 1 and 4)`,
    ),
  ],
);

/**
 * The factors of a hazard (factors of the assessment's factor menu, decision 019), in order. Several of one
 * register only where the register allows several (`multiple`, checked by the service). A factor in use
 * cannot be deleted (restrict); removing the hazard removes its links.
 */
export const hazardAnalysisHazardFactors = pgTable(
  'hazard_analysis_hazard_factors',
  {
    hazardId: integer('hazard_id')
      .notNull()
      .references(() => hazardAnalysisHazards.id, { onDelete: 'cascade' }),
    factorId: integer('factor_id')
      .notNull()
      .references(() => factorMenuFactors.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.hazardId, t.factorId] }),
    index('hazard_analysis_hazard_factors_factor').on(t.factorId),
  ],
);

/**
 * Hazardous substances of a hazard (decision 054): the substance version that was current when it was linked
 * (containers, EMKG entries and operating instructions refer to versions alike, decision 046). Removing the
 * hazard removes its links; a linked version cannot be deleted (restrict) — the substances' usage registry
 * refuses deleting or inactivating the substance first with the spec's message.
 */
export const hazardAnalysisHazardSubstances = pgTable(
  'hazard_analysis_hazard_substances',
  {
    hazardId: integer('hazard_id')
      .notNull()
      .references(() => hazardAnalysisHazards.id, { onDelete: 'cascade' }),
    substanceVersionId: integer('substance_version_id')
      .notNull()
      .references(() => substanceVersions.id, { onDelete: 'restrict' }),
    linkedAt: timestamp('linked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.hazardId, t.substanceVersionId] }),
    index('hazard_analysis_hazard_substances_version').on(t.substanceVersionId),
  ],
);

/** A frozen release: header and hazards with scores/bands at release time (read-only, kept forever). */
export const hazardAnalysisVersions = pgTable(
  'hazard_analysis_versions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    analysisId: integer('analysis_id')
      .notNull()
      .references(() => hazardAnalyses.id),
    versionNumber: integer('version_number').notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    nextCheckDate: date('next_check_date', { mode: 'string' }).notNull(),
    responsibleId: integer('responsible_id').references(() => employees.id, { onDelete: 'set null' }),
    responsibleName: text('responsible_name').notNull(),
    releasedBy: integer('released_by').references(() => employees.id, { onDelete: 'set null' }),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    snapshot: jsonb('snapshot').notNull().$type<Record<string, unknown>>(),
  },
  (t) => [uniqueIndex('hazard_analysis_versions_number').on(t.analysisId, t.versionNumber)],
);

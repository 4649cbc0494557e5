import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import { substanceManufacturers } from './master-data.table.ts';

/**
 * The hazardous substances register (Gefahrstoffverzeichnis, decision 046).
 *
 * `substances` is the record (portal, active, release, responsible person, optimistic lock); what the safety
 * data sheet says lives in `substance_versions`, one row per version. `current_version_id` names the version
 * the register shows; a released or fixed version is never changed again — a save opens the next version.
 * Containers, EMKG entries and operating instructions (later slices) refer to a VERSION
 * (`substance_versions.id`), so they keep pointing at what was valid when they were made.
 */
export const substances = pgTable(
  'substances',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    active: boolean('active').notNull().default(true),
    currentVersionId: integer('current_version_id').references((): AnyPgColumn => substanceVersions.id),
    /** open (no decision), agreed (zugestimmt), notAgreed (nicht zugestimmt). */
    releaseState: text('release_state').notNull().default('open'),
    releaseComment: text('release_comment').notNull().default(''),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    releasedBy: integer('released_by').references(() => employees.id, { onDelete: 'set null' }),
    responsibleEmployeeId: integer('responsible_employee_id').references(() => employees.id, {
      onDelete: 'set null',
    }),
    ...versioned,
  },
  (t) => [
    index('substances_portal').on(t.portalId, t.active),
    // The list walks the versions in designation order and joins the current one (decision 046, bench).
    index('substances_current_version').on(t.currentVersionId),
    check('substances_release_state', sql`${t.releaseState} in ('open', 'agreed', 'notAgreed')`),
  ],
);

/**
 * One version of a substance's data. The columns other modules and lists filter by are real columns (the
 * storage rules of later slices check storage class, physical state, flash/boiling/melting point, CAS);
 * the remaining text of the 16 sections is `details` (jsonb, keys of `SUBSTANCE_DATA_KEYS`).
 */
export const substanceVersions = pgTable(
  'substance_versions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    substanceId: integer('substance_id')
      .notNull()
      .references((): AnyPgColumn => substances.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** Fixed (festgeschrieben): never changed again; a save creates the next version. */
    fixed: boolean('fixed').notNull().default(false),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    designation: text('designation').notNull(),
    synonym: text('synonym').notNull().default(''),
    substanceType: integer('substance_type').notNull().default(1),
    casNumber: text('cas_number').notNull().default(''),
    ecNumber: text('ec_number').notNull().default(''),
    manufacturerName: text('manufacturer_name').notNull().default(''),
    /** The manufacturer list entry section 1 was filled from (decision 055); the fields above are the copy. */
    manufacturerId: integer('manufacturer_id').references(() => substanceManufacturers.id),
    productGroupId: integer('product_group_id').references(() => substanceProductGroups.id),
    packageUnitId: integer('package_unit_id').references(() => substancePackageUnits.id),
    physicalState: text('physical_state').notNull().default(''),
    storageClass: text('storage_class').notNull().default(''),
    waterHazardClass: text('water_hazard_class').notNull().default(''),
    transportCategory: integer('transport_category'),
    unNumber: text('un_number').notNull().default(''),
    meltingPoint: numeric('melting_point', { precision: 4, scale: 1 }),
    boilingPoint: numeric('boiling_point', { precision: 4, scale: 1 }),
    flashPoint: numeric('flash_point', { precision: 4, scale: 1 }),
    ignitionPoint: numeric('ignition_point', { precision: 4, scale: 1 }),
    /** The label in force: derived from the H statements unless overridden (with a reason in details). */
    signalWord: text('signal_word').notNull().default('none'),
    pictograms: jsonb('pictograms').$type<string[]>().notNull().default([]),
    cmr: boolean('cmr').notNull().default(false),
    signalWordOverride: text('signal_word_override'),
    pictogramsOverride: jsonb('pictograms_override').$type<string[] | null>(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('substance_versions_number').on(t.substanceId, t.number),
    index('substance_versions_designation').on(sql`lower(${t.designation})`),
    index('substance_versions_cas').on(t.casNumber),
    index('substance_versions_ec').on(t.ecNumber),
    index('substance_versions_manufacturer').on(t.manufacturerId),
    index('substance_versions_search_trgm').using('gin', sql`(${substanceSearchText(t)}) gin_trgm_ops`),
    check('substance_versions_type', sql`${t.substanceType} between 1 and 3`),
    check('substance_versions_transport', sql`${t.transportCategory} between 0 and 4`),
  ],
);

/** What the list search looks in: name, synonym, CAS, EC, manufacturer. */
export function substanceSearchText(t: {
  designation: AnyPgColumn;
  synonym: AnyPgColumn;
  casNumber: AnyPgColumn;
  ecNumber: AnyPgColumn;
  manufacturerName: AnyPgColumn;
}) {
  return sql`${t.designation} || ' ' || ${t.synonym} || ' ' || ${t.casNumber} || ' ' || ${t.ecNumber} || ' ' || ${t.manufacturerName}`;
}

/** The H, EUH and P statements of a version, in the order chosen. */
export const substanceVersionStatements = pgTable(
  'substance_version_statements',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => substanceVersions.id, { onDelete: 'cascade' }),
    code: text('code')
      .notNull()
      .references(() => clpStatements.code),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.code] }),
    index('substance_version_statements_code').on(t.code),
  ],
);

export const substanceIngredients = pgTable(
  'substance_ingredients',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    versionId: integer('version_id')
      .notNull()
      .references(() => substanceVersions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    casNumber: text('cas_number').notNull().default(''),
    ecNumber: text('ec_number').notNull().default(''),
    percentMin: numeric('percent_min', { precision: 5, scale: 2 }),
    percentMax: numeric('percent_max', { precision: 5, scale: 2 }),
    formula: text('formula').notNull().default(''),
    classification: text('classification').notNull().default(''),
  },
  (t) => [index('substance_ingredients_version').on(t.versionId, t.position)],
);

/** Exposure limits (AGW and others): basis, value, unit, extra info. */
export const substanceExposureLimits = pgTable(
  'substance_exposure_limits',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    versionId: integer('version_id')
      .notNull()
      .references(() => substanceVersions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    basis: text('basis').notNull(),
    value: numeric('value', { precision: 9, scale: 3 }).notNull(),
    unit: text('unit').notNull(),
    info: text('info').notNull().default(''),
  },
  (t) => [index('substance_exposure_limits_version').on(t.versionId, t.position)],
);

/** The CLP catalogue (H, EUH, P incl. combined codes) in German, seeded at start (clp-statements.data.ts). */
export const clpStatements = pgTable('clp_statements', {
  code: text('code').primaryKey(),
  kind: text('kind').notNull(),
  text: text('text').notNull(),
  position: integer('position').notNull(),
});

export const substanceProductGroups = pgTable(
  'substance_product_groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    ...versioned,
  },
  (t) => [uniqueIndex('substance_product_groups_name').on(sql`lower(${t.name})`)],
);

export const substancePackageUnits = pgTable(
  'substance_package_units',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    ...versioned,
  },
  (t) => [uniqueIndex('substance_package_units_name').on(sql`lower(${t.name})`)],
);

import type { Segment } from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import { checklists } from './checklists.table.ts';

/** Collections (decision 058): named groups of checklists; a collection keeps at least one. */
export const checklistCollections = pgTable(
  'checklist_collections',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    label: text('label').notNull(),
    module: text('module').notNull().default('general'),
    ...versioned,
  },
  (t) => [index('checklist_collections_portal').on(t.portalId)],
);

/** The checklists of a collection, in order. A checklist in a collection cannot be deleted (restrict). */
export const checklistCollectionItems = pgTable(
  'checklist_collection_items',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => checklistCollections.id, { onDelete: 'cascade' }),
    checklistId: integer('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.checklistId] }),
    index('checklist_collection_items_checklist').on(t.checklistId),
  ],
);

/**
 * Questionnaire types (Fragebogentypen, spec's collection trees, decision 058): a tree of segments, each
 * asking one collection, saved whole as one JSON document with the version (like a checklist's grid).
 */
export const questionnaireTypes = pgTable(
  'questionnaire_types',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    title: text('title').notNull(),
    module: text('module').notNull().default('general'),
    active: boolean('active').notNull().default(true),
    segments: jsonb('segments').$type<Segment[]>().notNull().default(sql`'[]'::jsonb`),
    ...versioned,
  },
  (t) => [index('questionnaire_types_portal').on(t.portalId, t.active)],
);

/**
 * Questionnaires (Fragebogen): an instance of a type. The type's segments are copied at the start, so a
 * later change of the type leaves running questionnaires as they were. `hazard_analysis_id`: the
 * assessment whose route this questionnaire is (its `checklist_route_id` points back here).
 */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => questionnaireTypes.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    status: text('status').notNull().default('open'),
    segments: jsonb('segments').$type<Segment[]>().notNull().default(sql`'[]'::jsonb`),
    hazardAnalysisId: integer('hazard_analysis_id'),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    ...versioned,
  },
  (t) => [
    index('questionnaires_portal').on(t.portalId, t.status),
    index('questionnaires_type').on(t.typeId),
    uniqueIndex('questionnaires_hazard_analysis').on(t.hazardAnalysisId),
  ],
);

/**
 * One checklist of one segment of a questionnaire; its id is the record id of the filled checklist
 * (checklist link module 'questionnaires', decision 052).
 */
export const questionnaireEntries = pgTable(
  'questionnaire_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    segmentKey: integer('segment_key').notNull(),
    collectionId: integer('collection_id').notNull(),
    checklistId: integer('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('questionnaire_entries_unique').on(t.questionnaireId, t.segmentKey, t.checklistId),
    index('questionnaire_entries_checklist').on(t.checklistId),
  ],
);

/** Comments on questions (checklist comment creation); `hazard_id` the hazard they created or updated. */
export const questionnaireComments = pgTable(
  'questionnaire_comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    segmentKey: integer('segment_key').notNull(),
    checklistId: integer('checklist_id').notNull(),
    cell: text('cell').notNull(),
    comment: text('comment').notNull(),
    hazardId: integer('hazard_id'),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('questionnaire_comments_questionnaire').on(t.questionnaireId)],
);

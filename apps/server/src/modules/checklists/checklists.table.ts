import type {
  AnswerValue,
  ChecklistCell,
  ChecklistRight,
  ChecklistVariable,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';

type Line = { key: number; label: string };

/**
 * Checklists (decision 052): the record and its grid. Rows, columns, cells (each with its element) and
 * variables are one JSON document saved whole with the record's version: the builder edits the grid as a
 * whole, and the rules over it (variables unique, formulas valid, no cycles) need all of it at once.
 */
export const checklists = pgTable(
  'checklists',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    label: text('label').notNull(),
    category: text('category').notNull().default(''),
    module: text('module').notNull().default('general'),
    active: boolean('active').notNull().default(true),
    requiredProgress: integer('required_progress').notNull().default(0),
    cloneMaximum: integer('clone_maximum').notNull().default(0),
    gridRows: jsonb('grid_rows').$type<Line[]>().notNull().default(sql`'[]'::jsonb`),
    gridColumns: jsonb('grid_columns').$type<Line[]>().notNull().default(sql`'[]'::jsonb`),
    cells: jsonb('cells').$type<ChecklistCell[]>().notNull().default(sql`'[]'::jsonb`),
    variables: jsonb('variables').$type<ChecklistVariable[]>().notNull().default(sql`'[]'::jsonb`),
    // Decision 061: visibility and editability by employees, roles and locations; editing blocked; clones.
    rights: jsonb('rights').$type<ChecklistRight[]>().notNull().default(sql`'[]'::jsonb`),
    locked: boolean('locked').notNull().default(false),
    clonedFromId: integer('cloned_from_id').references((): AnyPgColumn => checklists.id),
    ...versioned,
  },
  (t) => [
    index('checklists_portal').on(t.portalId, t.active),
    index('checklists_cloned_from').on(t.clonedFromId),
  ],
);

/** What a backup keeps: the definition as the builder saves it. */
export type ChecklistDefinitionBackup = {
  label: string;
  category: string;
  module: string;
  active: boolean;
  requiredProgress: number;
  cloneMaximum: number;
  rows: Line[];
  columns: Line[];
  cells: ChecklistCell[];
  variables: ChecklistVariable[];
  rights: ChecklistRight[];
  locked: boolean;
};

/**
 * Backups (decision 061): the state of a checklist before each change, restorable from the builder. Kept
 * with the checklist (deleted with it).
 */
export const checklistBackups = pgTable(
  'checklist_backups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    checklistId: integer('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    /** The checklist's version this state had. */
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<ChecklistDefinitionBackup>().notNull(),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('checklist_backups_checklist').on(t.checklistId, t.id)],
);

/**
 * A filled checklist (decision 052): linked to a record of a module (`module` + `record_id`, like the
 * actions' sources; 'general' instances have no record). `answers` by cell key, `results` the totals the
 * server recomputed on save.
 */
export const checklistInstances = pgTable(
  'checklist_instances',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    checklistId: integer('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    recordId: integer('record_id'),
    status: text('status').notNull().default('undone'),
    answers: jsonb('answers').$type<Record<string, AnswerValue>>().notNull().default(sql`'{}'::jsonb`),
    results: jsonb('results').$type<Record<string, number | null>>().notNull().default(sql`'{}'::jsonb`),
    progress: integer('progress').notNull().default(0),
    /** Viewer status (decision 059): shared with the people of the linked record (an audit's participants). */
    visible: boolean('visible').notNull().default(false),
    updatedBy: integer('updated_by').references(() => employees.id, { onDelete: 'set null' }),
    ...versioned,
  },
  (t) => [
    index('checklist_instances_checklist').on(t.checklistId),
    uniqueIndex('checklist_instances_record')
      .on(t.checklistId, t.module, t.recordId)
      .where(sql`${t.recordId} is not null`),
  ],
);

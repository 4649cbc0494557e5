import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';
import { substances } from './substances.table.ts';

/**
 * Substitution tests (Substitutionsprüfung, § 6 GefStoffV / TRGS 600; decision 050). Unfinished tests may be
 * incomplete; a finished one has every field (checked in the schema and the service). A finished test makes
 * a 'check' task for its responsible person due at test date + interval (source 'substitution').
 */
export const substitutionTests = pgTable(
  'substitution_tests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    testDate: date('test_date', { mode: 'string' }),
    riskLevel: integer('risk_level'),
    /** keep (Stoff beibehalten) or new (neuer Stoff). */
    recommendation: text('recommendation'),
    reason: text('reason').notNull().default(''),
    intervalDays: integer('interval_days'),
    responsibleEmployeeId: integer('responsible_employee_id').references(() => employees.id, {
      onDelete: 'set null',
    }),
    finished: boolean('finished').notNull().default(false),
    /** Imported tests keep the reason they came with until a person changed it. */
    imported: boolean('imported').notNull().default(false),
    importedReason: text('imported_reason'),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    ...versioned,
  },
  (t) => [
    index('substitution_tests_portal').on(t.portalId, t.finished),
    check('substitution_tests_risk', sql`${t.riskLevel} between 0 and 5`),
    check('substitution_tests_recommendation', sql`${t.recommendation} in ('keep', 'new')`),
    check('substitution_tests_interval', sql`${t.intervalDays} in (365, 730, 1095)`),
  ],
);

/** The substances a test covers (1 to SUBSTITUTION_MAX_SUBSTANCES), in the order chosen. */
export const substitutionTestSubstances = pgTable(
  'substitution_test_substances',
  {
    testId: integer('test_id')
      .notNull()
      .references(() => substitutionTests.id, { onDelete: 'cascade' }),
    substanceId: integer('substance_id')
      .notNull()
      .references(() => substances.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.testId, t.substanceId] }),
    index('substitution_test_substances_substance').on(t.substanceId),
  ],
);

/**
 * What the register (Gefahrstoffverzeichnis) and the data-sheet release add to a substance (decision 050):
 * quantity range and work areas, and the release of the safety data sheet with its responsible person and
 * next check date (a 'check' task of that person, source 'substance_sds'). One row per substance, made on
 * first save; kept apart from `substances` so a register change never opens a new SDS version.
 */
export const substanceRegisterEntries = pgTable(
  'substance_register_entries',
  {
    substanceId: integer('substance_id')
      .primaryKey()
      .references(() => substances.id, { onDelete: 'cascade' }),
    quantityRange: text('quantity_range').notNull().default(''),
    workAreas: text('work_areas').notNull().default(''),
    sdsResponsibleId: integer('sds_responsible_id').references(() => employees.id, { onDelete: 'set null' }),
    sdsNextCheck: date('sds_next_check', { mode: 'string' }),
    sdsReleasedAt: timestamp('sds_released_at', { withTimezone: true, mode: 'date' }),
    sdsReleasedBy: integer('sds_released_by').references(() => employees.id, { onDelete: 'set null' }),
    /**
     * The checklist of the data-sheet release (decision 054); its filled instance is the checklists module's
     * (module 'substances', record = substance id). No foreign key: the checklists' tables are internal to
     * their module, and a checklist with filled instances cannot be deleted there.
     */
    sdsChecklistId: integer('sds_checklist_id'),
  },
  (t) => [index('substance_register_entries_next_check').on(t.sdsNextCheck)],
);

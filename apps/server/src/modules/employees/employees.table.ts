import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import { portals } from '#modules/portals/tables.ts';

/** Employees (Mitarbeiter): the full record of spec modules.md §3 "Employee". */
export const employees = pgTable(
  'employees',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    personnelNumber: text('personnel_number').notNull(),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    loginName: text('login_name'),
    email: text('email'),
    active: boolean('active').notNull().default(true),
    passwordHash: text('password_hash'),
    /** Set for an initial or generated password: the first-login dialog must be completed (decision 012). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    departmentId: integer('department_id').references(() => departments.id),
    locationId: integer('location_id').references(() => locations.id),
    // Identity and contact
    chipId: text('chip_id'),
    tempLoginName: text('temp_login_name'),
    idNumber: text('id_number'),
    phone: text('phone'),
    mobileInternal: text('mobile_internal'),
    // Organisation
    company: text('company'),
    language: text('language'),
    country: text('country'),
    // Flags and dates
    isTempWorker: boolean('is_temp_worker').notNull().default(false),
    isExternal: boolean('is_external').notNull().default(false),
    hasAdminRights: boolean('has_admin_rights').notNull().default(false),
    keepActiveOnImport: boolean('keep_active_on_import').notNull().default(false),
    worksBanUntil: date('works_ban_until', { mode: 'string' }),
    hireDate: date('hire_date', { mode: 'string' }),
    tempWorkUntil: date('temp_work_until', { mode: 'string' }),
    workingTasks: text('working_tasks'),
    workingTime: text('working_time'),
    // Personal data (EMPLOYEES_PERSONAL_DATA)
    gender: text('gender', { enum: ['m', 'w', 'd'] }),
    citizenship: text('citizenship'),
    street: text('street'),
    zip: text('zip'),
    city: text('city'),
    birthday: date('birthday', { mode: 'string' }),
    // Health insurance (EMPLOYEES_HEALTH_DATA)
    healthInsuranceName: text('health_insurance_name'),
    healthInsuranceStreet: text('health_insurance_street'),
    healthInsuranceZip: text('health_insurance_zip'),
    healthInsuranceCity: text('health_insurance_city'),
    // Progress bar settings (tab 'Fortschrittsanzeige'): what the employee's progress bar counts.
    progressBarShow: boolean('progress_bar_show').notNull().default(true),
    progressBarTypes: text('progress_bar_types')
      .array()
      .notNull()
      .default(sql`'{instruction,appointment,document,scorm,checkup}'::text[]`),
    progressBarWarnDays: integer('progress_bar_warn_days').notNull().default(14),
    /** Optimistic lock of the assignments (portals, responsibilities), apart from the record's version. */
    assignmentsVersion: integer('assignments_version').notNull().default(1),
    // German-friendly sort keys (Ä sorts with A, Ş with S), computed by the database.
    lastNameSort: text('last_name_sort')
      .notNull()
      .generatedAlwaysAs((): SQL => sortKey(employees.lastName)),
    firstNameSort: text('first_name_sort')
      .notNull()
      .generatedAlwaysAs((): SQL => sortKey(employees.firstName)),
    ...versioned,
  },
  (t) => [
    uniqueIndex('employees_portal_personnel_number').on(t.portalId, t.personnelNumber),
    uniqueIndex('employees_login_name').on(sql`lower(${t.loginName})`),
    // The list's sort orders; portal and active after the unique id change no order but cover the usual
    // filters, so a deep page is skipped to on the index alone (index-only scan, decision 035).
    index('employees_name_order').on(t.lastNameSort, t.firstNameSort, t.id, t.portalId, t.active),
    index('employees_first_name_order').on(t.firstNameSort, t.lastNameSort, t.id, t.portalId, t.active),
    index('employees_personnel_number_order').on(t.personnelNumber, t.id, t.portalId, t.active),
    check('employees_gender', sql`${t.gender} in ('m', 'w', 'd')`),
    check('employees_progress_bar_warn_days', sql`${t.progressBarWarnDays} between 0 and 365`),
    index('employees_portal_active').on(t.portalId, t.active),
    index('employees_search_trgm').using('gin', sql`(${employeeSearchText(t)}) gin_trgm_ops`),
  ],
);

type SearchColumns = Record<
  'lastName' | 'firstName' | 'personnelNumber' | 'loginName' | 'email',
  AnyPgColumn
>;

/**
 * The text the employee search runs over. The trigram index above is built on exactly this expression,
 * so the list source must use this function too (see employees.repository.ts).
 */
export function employeeSearchText(t: SearchColumns) {
  return sql`${t.lastName} || ' ' || ${t.firstName} || ' ' || ${t.personnelNumber} || ' ' || coalesce(${t.loginName}, '') || ' ' || coalesce(${t.email}, '')`;
}

/**
 * A sort key for names: lower case, diacritics folded to the base letter (DIN 5007 variant 1 style),
 * so that "Özdemir" sorts with O and "Böhm" before "Busch" on every PostgreSQL, collation or not.
 */
export function sortKey(column: AnyPgColumn): SQL {
  return sql`translate(lower(${column}), 'äöüßàáâãåèéêëìíîïòóôõøùúûçñşğıćčšžłńśźżățșőűýÿæœąęėįųūāēīōǎěǐǒǔůďťňřľĺŕ', 'aousaaaaaeeeeiiiiooooouuucnsgiccszlnszzatsouyyaoaeeiuuaeioaeiouudtnrllr')`;
}

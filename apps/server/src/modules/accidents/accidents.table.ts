import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import { portals } from '#modules/portals/tables.ts';

/**
 * The managed catalogue of injury categories (decision 056), one for the installation like the fixed body parts.
 * The built-in categories keep their ids 1–5 (inserted by the migration); new ones are numbered from 100.
 * `notice_due`: a report with this category is reportable (decision 051).
 */
export const accidentInjuryCategories = pgTable('accident_injury_categories', {
  id: smallint('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
  label: text('label').notNull().unique(),
  noticeDue: boolean('notice_due').notNull().default(false),
  active: boolean('active').notNull().default(true),
  builtIn: boolean('built_in').notNull().default(false),
  ...versioned,
});

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Accident reports (Unfallmeldungen, decision 047): one row per event of a portal. The injured person is an
 * employee or an external person (name + company). Health data: injury_category, injury_description, doctor,
 * hospital, hospitalised and the rows of accident_report_injuries — answered only with the health right. Status
 * numbering (a) of the spec: 10 report … 60 inactive/cancelled.
 */
export const accidentReports = pgTable(
  'accident_reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    eventType: smallint('event_type').notNull(),
    status: smallint('status').notNull().default(10),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'restrict' }),
    externalName: text('external_name').notNull().default(''),
    externalCompany: text('external_company').notNull().default(''),
    accidentAt: at('accident_at').notNull(),
    firstAidAt: at('first_aid_at').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    injuryCategory: smallint('injury_category').references(() => accidentInjuryCategories.id),
    injuryDescription: text('injury_description').notNull().default(''),
    description: text('description').notNull().default(''),
    doctor: text('doctor').notNull().default(''),
    hospital: text('hospital').notNull().default(''),
    protectiveGear: text('protective_gear').notNull().default(''),
    reportable: boolean('reportable').notNull().default(false),
    fatal: boolean('fatal').notNull().default(false),
    hospitalised: boolean('hospitalised').notNull().default(false),
    comment: text('comment').notNull().default(''),
    // Absence (decision 051): work stoppage and resumption (UVAV § 4 (2) 8, 9), sick until (health data),
    // days lost, light duties.
    workStoppedAt: at('work_stopped_at'),
    workResumedAt: at('work_resumed_at'),
    sickUntil: date('sick_until', { mode: 'string' }),
    daysLost: integer('days_lost'),
    lightDuties: boolean('light_duties').notNull().default(false),
    lightDutiesUntil: date('light_duties_until', { mode: 'string' }),
    // Costs in euro cents: wage continuation, replacement staff, other (with a note).
    costWageContinuation: integer('cost_wage_continuation'),
    costReplacement: integer('cost_replacement'),
    costOther: integer('cost_other'),
    costOtherNote: text('cost_other_note').notNull().default(''),
    // The accident notice (Unfallanzeige, UVAV 2024 §§ 3, 4; decision 051): the fields the product does not
    // already hold elsewhere (employee, location, settings).
    insurer: text('insurer').notNull().default(''),
    companyNumber: text('company_number').notNull().default(''),
    companyAddress: text('company_address').notNull().default(''),
    legalRepresentative: text('legal_representative').notNull().default(''),
    phoneConsent: boolean('phone_consent').notNull().default(false),
    apprentice: boolean('apprentice').notNull().default(false),
    marginalEmployment: boolean('marginal_employment').notNull().default(false),
    entrepreneur: boolean('entrepreneur').notNull().default(false),
    familyMember: boolean('family_member').notNull().default(false),
    wageContinuationWeeks: smallint('wage_continuation_weeks'),
    homeOffice: boolean('home_office').notNull().default(false),
    violentEvent: boolean('violent_event').notNull().default(false),
    workingTimeStart: text('working_time_start').notNull().default(''),
    workingTimeEnd: text('working_time_end').notNull().default(''),
    worksCouncilMember: text('works_council_member').notNull().default(''),
    // § 4 (3) UVAV (decision 056): children, pupils and students report the institution instead of the employer.
    insuredGroup: text('insured_group').notNull().default('employment'),
    institution: text('institution').notNull().default(''),
    institutionCarrier: text('institution_carrier').notNull().default(''),
    distanceLearning: boolean('distance_learning').notNull().default(false),
    // The notice's personal data of an external person (decision 056; health-right rules).
    externalBirthday: date('external_birthday', { mode: 'string' }),
    externalStreet: text('external_street').notNull().default(''),
    externalPostalCode: text('external_postal_code').notNull().default(''),
    externalCity: text('external_city').notNull().default(''),
    externalGender: text('external_gender').notNull().default(''),
    externalHealthInsurance: text('external_health_insurance').notNull().default(''),
    externalCitizenship: text('external_citizenship').notNull().default(''),
    externalPhone: text('external_phone').notNull().default(''),
    // The checklist of step 6 (decision 056), linked through the checklists' port; its instance has module
    // 'accidents' and this report's id.
    checklistId: integer('checklist_id'),
    noticeSentAt: at('notice_sent_at'),
    noticeSentBy: integer('notice_sent_by').references(() => employees.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => employees.id, { onDelete: 'set null' }),
    ...versioned,
  },
  (t) => [
    index('accident_reports_portal_at').on(t.portalId, t.accidentAt, t.id),
    index('accident_reports_employee').on(t.employeeId),
    check('accident_reports_event_type', sql`${t.eventType} in (1, 2, 3, 10)`),
    check('accident_reports_status', sql`${t.status} in (10, 20, 30, 40, 50, 60)`),
    check('accident_reports_days_lost', sql`${t.daysLost} between 0 and 3660`),
    check(
      'accident_reports_costs',
      sql`coalesce(${t.costWageContinuation}, 0) >= 0 and coalesce(${t.costReplacement}, 0) >= 0 and coalesce(${t.costOther}, 0) >= 0`,
    ),
    check('accident_reports_insured_group', sql`${t.insuredGroup} in ('employment', 'education')`),
    check('accident_reports_external_gender', sql`${t.externalGender} in ('', 'm', 'w', 'd')`),
    check(
      'accident_reports_person',
      sql`${t.employeeId} is not null or (${t.externalName} <> '' and ${t.externalCompany} <> '')`,
    ),
  ],
);

/** The injured body parts with their injury types (fixed catalogues, decision 048). Health data. */
export const accidentReportInjuries = pgTable(
  'accident_report_injuries',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => accidentReports.id, { onDelete: 'cascade' }),
    bodyPart: smallint('body_part').notNull(),
    injuryType: smallint('injury_type').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.bodyPart, t.injuryType] }),
    check('accident_report_injuries_body_part', sql`${t.bodyPart} between 1 and 51`),
    check('accident_report_injuries_type', sql`${t.injuryType} between 1 and 26`),
  ],
);

/** Witnesses of the event (name, street, postal code, city), in the order entered. */
export const accidentReportWitnesses = pgTable(
  'accident_report_witnesses',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => accidentReports.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    street: text('street').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.position] })],
);

/** First aiders: an employee or a name, in the order entered. */
export const accidentReportFirstAiders = pgTable(
  'accident_report_first_aiders',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => accidentReports.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.position] })],
);

/**
 * The electronic first-aid book (Verbandbuch, DGUV Vorschrift 1 § 24): who, when, where, what, which first aid.
 * what_happened and first_aid are health data (the recorder and the health right read them).
 */
export const firstAidEntries = pgTable(
  'first_aid_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'restrict' }),
    personName: text('person_name').notNull().default(''),
    occurredAt: at('occurred_at').notNull(),
    place: text('place').notNull(),
    whatHappened: text('what_happened').notNull(),
    firstAid: text('first_aid').notNull(),
    recordedBy: integer('recorded_by').references(() => employees.id, { onDelete: 'set null' }),
    ...versioned,
  },
  (t) => [
    index('first_aid_entries_portal_at').on(t.portalId, t.occurredAt, t.id),
    index('first_aid_entries_recorded_by').on(t.recordedBy),
    check('first_aid_entries_person', sql`${t.employeeId} is not null or ${t.personName} <> ''`),
  ],
);

import { z } from 'zod';
import { INTERVAL_UNITS } from '../instructions/interval-format.ts';
import { defineSettingsCategory } from './settings.schema.ts';
import { SETTINGS_CATEGORY_RIGHTS } from './settings-rights.ts';

/** Lead time options in days (spec §9: 0, 7, 14, 21, 28, 35, 42, 60, 90 days, or none = null). */
export const LEAD_TIME_OPTIONS = [0, 7, 14, 21, 28, 35, 42, 60, 90] as const;
/**
 * Who gets the report of an overdue item (spec §6 recipient types besides the employee, decision 045):
 * - supervisor: the employee's active Disziplinarvorgesetzte (`employee_supervisors`);
 * - departmentHead: the head of the employee's department (`department_heads`), else of the nearest
 *   department above it that has one;
 * - level1 … level3: the location's escalation contact of that level (an employee or an address), else of the
 *   nearest location above it. Level n is reported after n × `escalateAfterDays` days overdue; the others at
 *   level 1.
 */
export const ESCALATION_RECIPIENTS = ['supervisor', 'departmentHead', 'level1', 'level2', 'level3'] as const;
export type EscalationRecipient = (typeof ESCALATION_RECIPIENTS)[number];

/** The review criteria (Bewertungsfragen) of the effectiveness review (decision 075) until a portal sets its own. */
export const DEFAULT_EFFECTIVENESS_CRITERIA = [
  'Die Beschäftigten kennen die Gefährdungen an ihrem Arbeitsplatz.',
  'Die vereinbarten Schutzmaßnahmen werden eingehalten.',
  'Die Beschäftigten wenden die Betriebsanweisung an.',
  'Seit der Unterweisung gab es keine vermeidbaren Vorfälle zu diesem Thema.',
  'Die Inhalte der Unterweisung waren verständlich.',
];
export const EFFECTIVENESS_CRITERIA_MAX = 20;
export const EFFECTIVENESS_CRITERION_MAX_LENGTH = 300;

/** The largest number of days any of these settings takes. */
export const INSTRUCTION_SETTINGS_MAX_DAYS = 365;

const days = (min: number) =>
  z
    .number({ message: 'Bitte eine ganze Zahl von Tagen angeben.' })
    .int({ message: 'Bitte eine ganze Zahl von Tagen angeben.' })
    .min(min, { message: min === 0 ? 'Bitte 0 oder mehr Tage angeben.' : `Mindestens ${min} Tag.` })
    .max(INSTRUCTION_SETTINGS_MAX_DAYS, { message: `Höchstens ${INSTRUCTION_SETTINGS_MAX_DAYS} Tage.` });

/** The bounds of the retention of external persons' records (decision 078). */
export const EXTERNAL_RETENTION_MIN_DAYS = 30;
export const EXTERNAL_RETENTION_MAX_DAYS = 3650;

/**
 * Settings of the instructions (tab „Unterweisungen“, spec §9 "display settings"), one value per portal. The
 * field names are stable: the run-through, „Meine Unterweisungen“ and the reminder job read them through
 * `instructionSettings(ex, portalId)` (modules/settings/index.ts).
 * - executableDaysBeforeDue: an item can be started from this many days before its due date (overdue ones
 *   always).
 * - displayDaysBeforeDue: „Meine Unterweisungen“ shows an open item from this many days before due (≥ the
 *   executable days: what can be started is shown).
 * - showDoneDays: a done item stays in the overview this many days after completion.
 * - mailDaysBeforeDue: the reminder mail goes this many days before due (a lead time option), null = no mail.
 * - overdueRepeatDays: an overdue item is reminded again every this many days, null = no repeat.
 * - escalateAfterDays: an item overdue for this many days is reported to the supervisor, null = never.
 * - escalationRecipients: who gets that report (ESCALATION_RECIPIENTS; level n after n × escalateAfterDays).
 * - intervalUnit: the unit intervals and durations are shown in (interval-format.ts).
 * - externalRetentionDays: the kiosk's records of external persons (decision 074) are deleted this many days
 *   after their completion, not before their validity ended (the job `external-instructions-retention`,
 *   decision 078); unfinished runs after 30 days.
 * - effectivenessCriteria: the questions rated in the effectiveness review of a topic (decision 075), in order.
 */
export const instructionSettingsCategory = defineSettingsCategory({
  key: 'instructions',
  scope: 'portal',
  schema: z
    .object({
      executableDaysBeforeDue: days(0),
      displayDaysBeforeDue: days(0),
      showDoneDays: days(0),
      mailDaysBeforeDue: z
        .literal(LEAD_TIME_OPTIONS, { message: 'Bitte eine der angebotenen Vorlaufzeiten wählen.' })
        .nullable(),
      overdueRepeatDays: days(1).nullable(),
      escalateAfterDays: days(1).nullable(),
      escalationRecipients: z
        .array(z.enum(ESCALATION_RECIPIENTS, { message: 'Bitte nur angebotene Empfänger wählen.' }))
        .max(ESCALATION_RECIPIENTS.length)
        .refine((v) => new Set(v).size === v.length, { message: 'Jeder Empfänger nur einmal.' }),
      intervalUnit: z.enum(INTERVAL_UNITS, { message: 'Bitte eine der angebotenen Einheiten wählen.' }),
      externalRetentionDays: z
        .number({ message: 'Bitte eine ganze Zahl von Tagen angeben.' })
        .int({ message: 'Bitte eine ganze Zahl von Tagen angeben.' })
        .min(EXTERNAL_RETENTION_MIN_DAYS, { message: `Mindestens ${EXTERNAL_RETENTION_MIN_DAYS} Tage.` })
        .max(EXTERNAL_RETENTION_MAX_DAYS, { message: `Höchstens ${EXTERNAL_RETENTION_MAX_DAYS} Tage.` }),
      // Checked as a whole so that the message sits on the field (the form shows one text field, a line each).
      effectivenessCriteria: z
        .array(z.string())
        .refine((v) => v.length >= 1, { message: 'Bitte mindestens eine Bewertungsfrage angeben.' })
        .refine((v) => v.length <= EFFECTIVENESS_CRITERIA_MAX, {
          message: `Höchstens ${EFFECTIVENESS_CRITERIA_MAX} Bewertungsfragen.`,
        })
        .refine((v) => v.every((c) => c.trim() !== ''), { message: 'Bitte keine leeren Zeilen.' })
        .refine((v) => v.every((c) => c.length <= EFFECTIVENESS_CRITERION_MAX_LENGTH), {
          message: `Höchstens ${EFFECTIVENESS_CRITERION_MAX_LENGTH} Zeichen je Bewertungsfrage.`,
        })
        .refine((v) => new Set(v.map((c) => c.trim().toLowerCase())).size === v.length, {
          message: 'Jede Bewertungsfrage nur einmal.',
        }),
    })
    .refine((v) => v.displayDaysBeforeDue >= v.executableDaysBeforeDue, {
      message:
        'Bitte mindestens so viele Tage wie bei „Ausführbar ab“ angeben: Was ausführbar ist, wird angezeigt.',
      path: ['displayDaysBeforeDue'],
    }),
  defaults: {
    executableDaysBeforeDue: 30,
    displayDaysBeforeDue: 60,
    showDoneDays: 30,
    mailDaysBeforeDue: 14,
    overdueRepeatDays: 7,
    escalateAfterDays: 14,
    escalationRecipients: ['supervisor', 'level1'],
    intervalUnit: 'auto',
    externalRetentionDays: 730,
    effectivenessCriteria: DEFAULT_EFFECTIVENESS_CRITERIA,
  },
  ...SETTINGS_CATEGORY_RIGHTS.instructions,
});

export type InstructionSettings = z.output<typeof instructionSettingsCategory.schema>;

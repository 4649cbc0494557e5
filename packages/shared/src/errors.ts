import { accidentsErrors } from './errors/accidents.ts';
import { actionsErrors } from './errors/actions.ts';
import { activitiesErrors } from './errors/activities.ts';
import { appointmentsErrors } from './errors/appointments.ts';
import { auditsErrors } from './errors/audits.ts';
import { authErrors } from './errors/auth.ts';
import { checklistWorkflowErrors } from './errors/checklist-workflow.ts';
import { checklistsErrors } from './errors/checklists.ts';
import { dashboardErrors } from './errors/dashboard.ts';
import type { ErrorDefinition } from './errors/definition.ts';
import { documentsErrors } from './errors/documents.ts';
import { employeeImportErrors } from './errors/employee-import.ts';
import { employeesErrors } from './errors/employees.ts';
import { externalInstructionsErrors } from './errors/external-instructions.ts';
import { factorMenusErrors } from './errors/factor-menus.ts';
import { generalErrors } from './errors/general.ts';
import { groupFeedbackErrors } from './errors/group-feedback.ts';
import { hazardAnalysisErrors } from './errors/hazard-analysis.ts';
import { hazardBricksErrors } from './errors/hazard-bricks.ts';
import { instructionEffectivenessErrors } from './errors/instruction-effectiveness.ts';
import { instructionEvaluationsErrors } from './errors/instruction-evaluations.ts';
import { instructionEvaluationsTabsErrors } from './errors/instruction-evaluations-tabs.ts';
import { instructionProfilesErrors } from './errors/instruction-profiles.ts';
import { instructionRunErrors } from './errors/instruction-run.ts';
import { instructionsErrors } from './errors/instructions.ts';
import { mailErrors } from './errors/mail.ts';
import { nohlCriteriaErrors } from './errors/nohl-criteria.ts';
import { occupationalMedicineErrors } from './errors/occupational-medicine.ts';
import { organisationErrors } from './errors/organisation.ts';
import { portalsErrors } from './errors/portals.ts';
import { precautionSyncErrors } from './errors/precaution-sync.ts';
import { productUpdateErrors } from './errors/product-update.ts';
import { questionnaireSharingErrors } from './errors/questionnaire-sharing.ts';
import { reportsErrors } from './errors/reports.ts';
import { rolesErrors } from './errors/roles.ts';
import { schedulerErrors } from './errors/scheduler.ts';
import { scormErrors } from './errors/scorm.ts';
import { settingsErrors } from './errors/settings.ts';
import { substancesErrors } from './errors/substances.ts';
import { substitutionErrors } from './errors/substitution.ts';
import { worksDoctorErrors } from './errors/works-doctor.ts';

export { accidentsMessages } from './errors/accidents.ts';
export { actionsMessages } from './errors/actions.ts';
export { activitiesMessages } from './errors/activities.ts';
export { appointmentsMessages, BOOKING_STATUS_MESSAGES } from './errors/appointments.ts';
export { auditsMessages } from './errors/audits.ts';
export { authMessages } from './errors/auth.ts';
export { checklistWorkflowMessages } from './errors/checklist-workflow.ts';
export { checklistsMessages, questionnairesMessages } from './errors/checklists.ts';
export { documentsMessages } from './errors/documents.ts';
export { employeeImportMessages } from './errors/employee-import.ts';
export { employeesMessages } from './errors/employees.ts';
export { externalInstructionsMessages } from './errors/external-instructions.ts';
export { factorMenusMessages } from './errors/factor-menus.ts';
export { generalMessages } from './errors/general.ts';
export { groupFeedbackMessages } from './errors/group-feedback.ts';
export { hazardAnalysisMessages } from './errors/hazard-analysis.ts';
export { hazardBricksMessages } from './errors/hazard-bricks.ts';
export { instructionEffectivenessMessages } from './errors/instruction-effectiveness.ts';
export { instructionProfilesMessages } from './errors/instruction-profiles.ts';
export { instructionRunMessages } from './errors/instruction-run.ts';
export { instructionsMessages, topicsFileMessages } from './errors/instructions.ts';
export { mailMessages } from './errors/mail.ts';
export { occupationalMedicineMessages } from './errors/occupational-medicine.ts';
export { organisationMessages } from './errors/organisation.ts';
export { precautionSyncMessages } from './errors/precaution-sync.ts';
export { questionnaireSharingMessages } from './errors/questionnaire-sharing.ts';
export { reportsMessages } from './errors/reports.ts';
export { rolesMessages } from './errors/roles.ts';
export { schedulerMessages } from './errors/scheduler.ts';
export { settingsMessages } from './errors/settings.ts';
export { substancesMessages } from './errors/substances.ts';
export { worksDoctorMessages } from './errors/works-doctor.ts';
/**
 * The error catalogue: every code the client knows (spec shell §8) plus the codes this
 * implementation needs (CONFLICT, CSRF_INVALID, …).
 *
 * Every error answer uses one envelope: HTTP status plus `{ error: { code, message, details? } }`
 * (see `ApiErrorBody`). `message` is the German text shown to the user (formal "Sie", a full
 * sentence, with a remedy where one exists); the web may override it per code through i18n.
 *
 * Statuses: 400 invalid input or a request the server cannot act on, 401 not signed in or bad
 * credentials (the web sends the user to /login), 403 signed in but not allowed, 404 not found,
 * 409 conflicts with the current state (stale version, in use, already exists), 413/415/429 as
 * usual, 500 server faults (never with internal details).
 *
 * Codes are part of the API contract: never rename or remove one that has shipped.
 *
 * The catalogue is split by domain (`errors/<domain>.ts`, joined here). Each domain file may also export
 * `<domain>Messages`: the texts the server sends instead of a code's default message (more specific, or
 * naming a value). A text that names a value is a small function with typed parameters (plurals included);
 * the server never writes a German message inline (`apps/server/src/messages-in-catalogue.test.ts`). Keys
 * starting with `field` are the short texts of one field in `details` (`{ path, message }`).
 */
export const errorCatalogue = {
  ...generalErrors,
  ...authErrors,
  ...rolesErrors,
  ...employeesErrors,
  ...employeeImportErrors,
  ...organisationErrors,
  ...activitiesErrors,
  ...settingsErrors,
  ...mailErrors,
  ...schedulerErrors,
  ...documentsErrors,
  ...reportsErrors,
  ...hazardBricksErrors,
  ...instructionsErrors,
  ...instructionProfilesErrors,
  ...instructionEvaluationsErrors,
  ...instructionEffectivenessErrors,
  ...instructionEvaluationsTabsErrors,
  ...instructionRunErrors,
  ...externalInstructionsErrors,
  ...scormErrors,
  ...nohlCriteriaErrors,
  ...factorMenusErrors,
  ...hazardAnalysisErrors,
  ...actionsErrors,
  ...portalsErrors,
  ...checklistsErrors,
  ...questionnaireSharingErrors,
  ...checklistWorkflowErrors,
  ...auditsErrors,
  ...dashboardErrors,
  ...productUpdateErrors,
  ...substancesErrors,
  ...substitutionErrors,
  ...accidentsErrors,
  ...appointmentsErrors,
  ...occupationalMedicineErrors,
  ...precautionSyncErrors,
  ...groupFeedbackErrors,
  ...worksDoctorErrors,
} as const satisfies Record<string, ErrorDefinition>;

/** The catalogue's parts, one per domain (`errors/<domain>.ts`); `errorCatalogue` joins them. */
export const errorCatalogueDomains = {
  accidents: accidentsErrors,
  actions: actionsErrors,
  activities: activitiesErrors,
  audits: auditsErrors,
  appointments: appointmentsErrors,
  auth: authErrors,
  checklists: checklistsErrors,
  'questionnaire-sharing': questionnaireSharingErrors,
  'checklist-workflow': checklistWorkflowErrors,
  dashboard: dashboardErrors,
  documents: documentsErrors,
  'employee-import': employeeImportErrors,
  employees: employeesErrors,
  'external-instructions': externalInstructionsErrors,
  'factor-menus': factorMenusErrors,
  general: generalErrors,
  'group-feedback': groupFeedbackErrors,
  'hazard-analysis': hazardAnalysisErrors,
  'hazard-bricks': hazardBricksErrors,
  instructions: instructionsErrors,
  'instruction-profiles': instructionProfilesErrors,
  'instruction-evaluations': instructionEvaluationsErrors,
  'instruction-effectiveness': instructionEffectivenessErrors,
  'instruction-evaluations-tabs': instructionEvaluationsTabsErrors,
  'instruction-run': instructionRunErrors,
  scorm: scormErrors,
  mail: mailErrors,
  'nohl-criteria': nohlCriteriaErrors,
  'occupational-medicine': occupationalMedicineErrors,
  organisation: organisationErrors,
  portals: portalsErrors,
  'precaution-sync': precautionSyncErrors,
  'product-update': productUpdateErrors,
  reports: reportsErrors,
  roles: rolesErrors,
  scheduler: schedulerErrors,
  settings: settingsErrors,
  substances: substancesErrors,
  substitution: substitutionErrors,
  'works-doctor': worksDoctorErrors,
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export type { ErrorDefinition } from './errors/definition.ts';

/** All error codes, in catalogue order. */
export const ERROR_CODES: readonly ErrorCode[] = Object.keys(errorCatalogue) as ErrorCode[];

const errorCodeSet: ReadonlySet<string> = new Set<string>(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && errorCodeSet.has(value);
}

/** The body of every error answer of the API. */
export type ApiErrorBody = { error: { code: ErrorCode; message: string; details?: unknown } };

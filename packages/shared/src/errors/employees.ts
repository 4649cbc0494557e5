/** Employees: record, assignments, responsibilities, sign-in and reach fields (decision 023). */
import type { ErrorDefinition } from './definition.ts';

export const employeesErrors = {
  EMPLOYEE_NOT_FOUND: {
    status: 404,
    message: 'Der Mitarbeiter wurde nicht gefunden. Möglicherweise wurde er inzwischen gelöscht.',
  },
  ASSIGNMENT_EXISTS: {
    status: 409,
    message: 'Diese Zuordnung besteht bereits.',
  },
  MAIN_PORTAL_EMPLOYEE: {
    status: 403,
    message:
      'Dieser Mitarbeiter gehört zum Hauptportal und kann nur dort bearbeitet werden. Aus einem Kundenportal ist er nur lesbar.',
  },
  NOT_RESPONSIBLE: {
    status: 403,
    message:
      'Sie können nur Abteilungen, Orte und Verantwortungsbereiche zuordnen oder entfernen, für die Sie selbst verantwortlich sind.',
  },
  OWN_RESPONSIBILITIES: {
    status: 403,
    message:
      'Ihre eigenen Verantwortungsbereiche können Sie nicht selbst ändern. Bitte wenden Sie sich an Ihre Sicherheitsfachkraft oder Ihren Administrator.',
  },
  /** A list filter on a field group of the record the caller may not read (decision 027). */
  EMPLOYEE_FILTER_NOT_PERMITTED: {
    status: 403,
    message:
      'Nach diesem Merkmal dürfen Sie nicht filtern: Es gehört zu den Mitarbeiterdaten, die Sie nicht lesen dürfen.',
  },
  /** Decision 023: sign-in and reach fields of someone holding rights the actor lacks. */
  EMPLOYEE_MORE_RIGHTS: {
    status: 403,
    message:
      'Dieser Mitarbeiter hat Rechte, die Sie selbst nicht haben. Seine Anmeldedaten (Benutzername, E-Mail-Adresse, temporärer Benutzername, Chip-ID, Passwort, Aktiv) und seine Rollen können Sie nicht ändern.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const employeesMessages = {
  languageNotEnabled: 'Diese Sprache ist in den Einstellungen nicht aktiviert.',
  chipIdForbidden: 'Sie dürfen die Chip-ID von Mitarbeitern nicht ändern.',
  fieldNoPermission: 'Keine Berechtigung',
  tempWorkersForbidden: 'Sie dürfen externe Mitarbeiter und Leiharbeitnehmer nicht verwalten.',
  extendedDataForbidden: 'Sie dürfen erweiterte Mitarbeiterdaten nicht ändern.',
  personalDataForbidden:
    'Sie dürfen persönliche Daten oder Krankenkassendaten dieses Mitarbeiters nicht ändern.',
  departmentNotInPortal: 'Die gewählte Abteilung gibt es in diesem Portal nicht.',
  fieldUnknownDepartment: 'Unbekannte Abteilung',
  locationNotInPortal: 'Der gewählte Ort gehört nicht zu diesem Portal.',
  fieldUnknownLocation: 'Unbekannter Ort',
  loginNameTaken: (loginName: string | null | undefined) =>
    `Der Benutzername „${loginName}“ ist bereits vergeben. Bitte wählen Sie einen anderen.`,
  personnelNumberTaken: (personnelNumber: string | undefined) =>
    `Die Personalnummer ${personnelNumber} ist bereits vergeben. Bitte wählen Sie eine andere.`,
  fieldTaken: 'Bereits vergeben',
  createInactiveForbidden: 'Sie dürfen keine inaktiven Mitarbeiter anlegen.',
  activateForbidden: 'Sie dürfen Mitarbeiter nicht aktivieren oder deaktivieren.',
  deactivateSelf: 'Sie können sich nicht selbst deaktivieren.',
  fieldNotOwnAccount: 'Nicht für das eigene Konto',
  changeDepartmentForbidden: 'Sie dürfen die Abteilung von Mitarbeitern nicht ändern.',
  changeLocationForbidden: 'Sie dürfen den Ort von Mitarbeitern nicht ändern.',
  notATempWorker: 'Der Mitarbeiter ist kein Leiharbeitnehmer.',
  alreadyATempWorker: 'Der Mitarbeiter ist bereits Leiharbeitnehmer.',
  deleteSelf: 'Sie können Ihr eigenes Konto nicht löschen.',
  departmentsNotInPortal: 'Mindestens eine gewählte Abteilung gibt es in diesem Portal nicht.',
  locationsNotInPortal: 'Mindestens ein gewählter Ort gehört nicht zu diesem Portal.',
  ownSupervisor: 'Ein Mitarbeiter kann nicht sein eigener Vorgesetzter sein.',
  employeesNotInPortal: 'Mindestens ein gewählter Mitarbeiter gehört nicht zu diesem Portal.',
  notResponsibleForEmployees:
    'Sie können nur Mitarbeiter zuordnen oder entfernen, die Sie selbst führen oder deren Abteilung Sie verantworten.',
  responsibilitiesForbidden: 'Sie dürfen Verantwortungsbereiche von Mitarbeitern nicht bearbeiten.',
  portalsMainPortalOnly:
    'Portalzuordnungen können nur im Hauptportal mit dem passenden Recht bearbeitet werden.',
  portalsMainPortalEmployeesOnly:
    'Nur Mitarbeiter des Hauptportals können weiteren Portalen zugeordnet werden.',
  customerPortalsUnknown: 'Mindestens eines der gewählten Kundenportale gibt es nicht.',
  copyTargetRequired: 'Bitte wählen Sie mindestens einen anderen Mitarbeiter als Ziel aus.',
  assignRolesForbidden: 'Sie dürfen Mitarbeitern keine Rollen zuordnen.',
  rolesWithMoreRights: 'Die Rollen des Mitarbeiters enthalten Rechte, die Sie selbst nicht besitzen.',
  assignActivitiesForbidden: 'Sie dürfen Mitarbeitern keine Eigenschaften zuordnen.',
  assignOrganisationForbidden: 'Sie dürfen Abteilungen und Orte von Mitarbeitern nicht zuordnen.',
  copyOtherPortal: 'Zuordnungen können nur zwischen Mitarbeitern desselben Portals kopiert werden.',
  notResponsibleForDepartments:
    'Sie können nur Abteilungen zuordnen oder entfernen, für die Sie selbst verantwortlich sind.',
  notResponsibleForLocations:
    'Sie können nur Orte zuordnen oder entfernen, für die Sie selbst verantwortlich sind.',
  moreRights: (names: readonly string[]) =>
    `${names.length === 1 ? 'Dieser Mitarbeiter hat' : 'Diese Mitarbeiter haben'} Rechte, die Sie selbst nicht haben: ${names.join('; ')}. Ihre Anmeldedaten (Benutzername, E-Mail-Adresse, temporärer Benutzername, Chip-ID, Passwort, Aktiv) und Rollen können Sie nicht ändern.`,
} as const;

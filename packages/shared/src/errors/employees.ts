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

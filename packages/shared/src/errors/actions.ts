/** Actions and tasks (decision 020). */
import type { ErrorDefinition } from './definition.ts';

export const actionsErrors = {
  ACTION_NOT_FOUND: {
    status: 404,
    message: 'Die Maßnahme existiert nicht (mehr). Möglicherweise wurde sie inzwischen gelöscht.',
  },
  ACTION_EXTERNAL_EXECUTOR_NO_NAME: {
    status: 400,
    message: 'Der externe Ausführende hat keinen Namen. Bitte tragen Sie zuerst einen Namen ein.',
  },
  ACTION_PROBLEM_REASON_EMPTY: {
    status: 400,
    message: 'Bitte geben Sie einen Grund für das Problem an.',
  },
  ACTION_RESPONSIBLE_NO_EMAIL: {
    status: 409,
    message:
      'Die verantwortliche Person existiert nicht oder hat keine gültige E-Mail-Adresse. Das Problem konnte nicht gemeldet werden.',
  },
  ACTION_EXECUTOR_NOT_AUTHENTICATED: {
    status: 403,
    message:
      'Nur die angemeldete ausführende Person kann zu dieser Aufgabe ein Problem melden oder sie erledigen.',
  },
  ACTION_NOT_RESPONSIBLE: {
    status: 403,
    message: 'Keine Berechtigung: Nur die verantwortliche Person kann das Problem als gelöst kennzeichnen.',
  },
  ACTION_NO_OPEN_PROBLEM: {
    status: 409,
    message: 'Zu dieser Aufgabe ist kein offenes Problem gemeldet.',
  },
  TASK_NOT_OPEN: {
    status: 409,
    message: 'Die Aufgabe ist nicht mehr offen. Bitte laden Sie die Liste neu.',
  },
  TASK_NOT_FOUND: {
    status: 404,
    message: 'Die Aufgabe existiert nicht (mehr).',
  },
  ACTION_SOURCE_UNKNOWN: {
    status: 400,
    message: 'Die Herkunft der Maßnahme ist unbekannt.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const actionsMessages = {
  employeeHasActions: (actions: number) =>
    actions === 1
      ? 'Der Mitarbeiter ist für eine Maßnahme verantwortlich oder führt sie aus. Bitte übertragen Sie sie zuerst an eine andere Person oder setzen Sie den Mitarbeiter inaktiv.'
      : `Der Mitarbeiter ist für ${actions} Maßnahmen verantwortlich oder führt sie aus. Bitte übertragen Sie sie zuerst an eine andere Person oder setzen Sie den Mitarbeiter inaktiv.`,
  fieldLocationRequired: 'Bitte wählen Sie einen Ort.',
  fieldPersonNotInPortal: 'Diese Person gibt es (in diesem Portal) nicht.',
  fieldPersonsUnknown: 'Mindestens eine gewählte Person gibt es nicht.',
  fieldLocationUnknown: 'Diesen Ort gibt es nicht.',
  taskDoneInItsModule: 'Diese Aufgabe wird in ihrem Modul erledigt. Bitte öffnen Sie sie dort.',
} as const;

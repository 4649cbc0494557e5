/** Scheduled tasks (Aufgabenplanung, decision 010). */
import type { ErrorDefinition } from './definition.ts';

export const schedulerErrors = {
  SCHEDULER_TASK_NOT_FOUND: {
    status: 404,
    message: 'Die geplante Aufgabe wurde nicht gefunden. Bitte laden Sie die Seite neu.',
  },
  SCHEDULER_TASK_RUNNING: {
    status: 409,
    message: 'Die Aufgabe läuft gerade. Bitte warten Sie, bis der laufende Durchlauf beendet ist.',
  },
  SCHEDULER_TASK_UNAVAILABLE: {
    status: 409,
    message:
      'Diese Aufgabe gibt es in der laufenden Programmversion nicht mehr. Sie kann weder ausgeführt noch geplant werden.',
  },
  SCHEDULER_INVALID_CRON: {
    status: 400,
    message:
      'Der Cron-Ausdruck ist ungültig. Bitte geben Sie fünf Felder an: Minute, Stunde, Tag, Monat und Wochentag (z. B. „*/5 * * * *“).',
  },
} as const satisfies Record<string, ErrorDefinition>;

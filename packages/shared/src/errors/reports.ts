/** Reports (decision 015). */
import type { ErrorDefinition } from './definition.ts';

export const reportsErrors = {
  REPORT_NOT_FOUND: {
    status: 404,
    message: 'Der Report wurde nicht gefunden. Möglicherweise wurde er inzwischen gelöscht.',
  },
  REPORT_NAME_EXISTS: {
    status: 409,
    message: 'Es gibt bereits einen Report mit diesem Namen. Bitte wählen Sie einen anderen Namen.',
  },
  REPORT_SQL_FORBIDDEN: {
    status: 400,
    message: 'Die SQL-Abfrage des Reports ist nicht erlaubt.',
  },
  REPORT_SQL_FAILED: {
    status: 400,
    message: 'Die SQL-Abfrage des Reports ist fehlgeschlagen. Bitte prüfen Sie Abfrage und Filterwerte.',
  },
  REPORT_TIMEOUT: {
    status: 400,
    message:
      'Der Report hat das SQL-Timeout überschritten und wurde abgebrochen. Bitte schränken Sie die Filter ein.',
  },
  REPORT_BUSY: {
    status: 429,
    message: 'Es laufen gerade zu viele Reports. Bitte versuchen Sie es in einigen Sekunden noch einmal.',
  },
  REPORT_TOO_LARGE: {
    status: 400,
    message: 'Der Report liefert zu viele Daten. Bitte schränken Sie die Filter ein.',
  },
  REPORT_FORMAT_NOT_ALLOWED: {
    status: 400,
    message: 'Dieses Ausgabeformat ist für den Report nicht vorgesehen.',
  },
  REPORT_FILE_INVALID: {
    status: 400,
    message: 'Die Datei ist keine gültige Report-Datei.',
  },
  REPORT_EXISTS: {
    status: 409,
    message:
      'Der Report existiert bereits. Bitte benennen Sie ihn um oder löschen Sie den vorhandenen Report.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Employee import (decision 008). */
import type { ErrorDefinition } from './definition.ts';

export const employeeImportErrors = {
  EMPLOYEE_IMPORT_FILE_TOO_LARGE: {
    status: 413,
    message: 'Die Importdatei ist zu groß. Bitte laden Sie eine CSV-Datei mit höchstens 20 MB hoch.',
  },
  EMPLOYEE_IMPORT_INVALID_FILE: {
    status: 400,
    message: 'Die Datei kann nicht als CSV-Datei gelesen werden. Bitte prüfen Sie Datei und Trennzeichen.',
  },
  EMPLOYEE_IMPORT_EMPTY_FILE: {
    status: 400,
    message: 'Die Datei enthält keine Datenzeilen. Bitte wählen Sie eine andere Datei.',
  },
  EMPLOYEE_IMPORT_NOT_FOUND: {
    status: 404,
    message: 'Bitte führen Sie zuerst Schritt 1 aus: Datei auswählen und die Vorschau laden.',
  },
  EMPLOYEE_IMPORT_REQUIRED_COLUMNS: {
    status: 400,
    message: 'Bitte ordnen Sie die Pflichtspalten zu: Personalnummer, Nachname, Vorname und Passwort.',
  },
  EMPLOYEE_IMPORT_PORTAL_REQUIRED: {
    status: 400,
    message: 'Bitte wählen Sie ein Zielportal aus.',
  },
  EMPLOYEE_IMPORT_HAS_BAD_ROWS: {
    status: 409,
    message:
      'Die Datei enthält fehlerhafte Zeilen. Bitte korrigieren Sie die Datei oder bestätigen Sie, dass diese Zeilen übersprungen werden.',
  },
  EMPLOYEE_IMPORT_LICENCE_EXCEEDED: {
    status: 409,
    message:
      'Die zulässige Anzahl an Mitarbeitern ist überschritten (Code 910). Es wurden keine Daten importiert.',
  },
  EMPLOYEE_IMPORT_ALREADY_STARTED: {
    status: 409,
    message:
      'Dieser Import wurde bereits gestartet. Bitte laden Sie die Datei für einen neuen Import erneut hoch.',
  },
  EMPLOYEE_IMPORT_FAILED: {
    status: 500,
    message: 'Der Import ist fehlgeschlagen. Es wurden keine Daten geändert. Bitte versuchen Sie es erneut.',
  },
} as const satisfies Record<string, ErrorDefinition>;

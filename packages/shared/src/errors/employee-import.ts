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

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const employeeImportMessages = {
  passwordTooShort: (min: number) => `Das Passwort muss mindestens ${min} Zeichen lang sein.`,
  passwordTooLong: (max: number) => `Das Passwort darf höchstens ${max} Zeichen lang sein.`,
  fieldMapColumn: (label: string | undefined) =>
    `Bitte ordnen Sie der Spalte „${label}“ eine Spalte der Datei zu.`,
  tooFewColumns: (columns: number) => `Die Datei hat nur ${columns} Spalten. Bitte prüfen Sie die Zuordnung.`,
  fieldNoSuchColumn: 'Spalte gibt es nicht',
  personalDataForbidden:
    'Sie dürfen persönliche Daten von Mitarbeitern nicht importieren. Bitte entfernen Sie diese Spalten aus der Zuordnung.',
  healthDataForbidden:
    'Sie dürfen Krankenkassendaten von Mitarbeitern nicht importieren. Bitte entfernen Sie diese Spalten aus der Zuordnung.',
  deactivateForbidden:
    'Sie dürfen Mitarbeiter nicht deaktivieren. Bitte wählen Sie „Nur hinzufügen und aktualisieren“.',
  rowRequiredMissing: (label: string) => `Pflichtfeld „${label}“ fehlt.`,
  rowInvalidDate: (value: string, label: string) =>
    `Ungültiges Datum „${value}“ in Spalte „${label}“. Bitte verwenden Sie TT.MM.JJJJ.`,
  rowInvalidFlag: (value: string, label: string) =>
    `Ungültiger Wert „${value}“ in Spalte „${label}“. Erlaubt sind ja oder nein.`,
  rowInvalidGender: (value: string, label: string) =>
    `Ungültiger Wert „${value}“ in Spalte „${label}“. Erlaubt sind m, w oder d.`,
  rowPersonnelNumberTwice: (personnelNumber: string, lines: readonly number[]) =>
    `Die Personalnummer ${personnelNumber} kommt in der Datei mehrfach vor (Zeilen ${lines.join(', ')}).`,
  rowLoginNameTwice: (loginName: string, lines: readonly number[]) =>
    `Der Benutzername „${loginName}“ kommt in der Datei mehrfach vor (Zeilen ${lines.join(', ')}).`,
  rowLoginNameTaken: (loginName: string) =>
    `Der Benutzername „${loginName}“ ist bereits an einen anderen Mitarbeiter vergeben.`,
  rowPasswordMissing: 'Pflichtfeld „Passwort“ fehlt: neue Mitarbeiter brauchen ein Anfangspasswort.',
  licenceExceeded: (activeAfter: number, licensed: number | null) =>
    `Die zulässige Anzahl an Mitarbeitern ist überschritten (Code 910): Nach dem Import wären ${activeAfter} Mitarbeiter aktiv, lizenziert sind ${licensed}. Es wurden keine Daten importiert.`,
  installationEmployeesExceeded: (activeAfter: number, max: number | null) =>
    `Die zulässige Anzahl an Mitarbeitern laut Lizenz ist überschritten (Code 910): Nach dem Import wären ${activeAfter} Mitarbeiter aktiv, die Lizenz erlaubt ${max}. Es wurden keine Daten importiert.`,
  installationExternalsExceeded: (activeAfter: number, max: number | null) =>
    `Die zulässige Anzahl an Fremdfirmenmitarbeitern laut Lizenz ist überschritten (Code 910): Nach dem Import wären ${activeAfter} Fremdfirmenmitarbeiter aktiv, die Lizenz erlaubt ${max}. Es wurden keine Daten importiert.`,
  sendCsvBody: 'Bitte senden Sie die CSV-Datei als Inhalt der Anfrage (Content-Type text/csv).',
} as const;

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

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const reportsMessages = {
  recordListInvalid: 'Die Datensatzliste muss aus ganzen Zahlen bestehen.',
  recordIdInvalid: 'Die Datensatznummer muss eine ganze Zahl sein.',
  fieldRecordIdInvalid: 'Ungültige Datensatznummer',
  fieldChooseRights: 'Bitte wählen Sie Rechte aus der Liste.',
  parameterReserved: (name: string) => `Der Parametername „${name}“ ist für die Datensatzauswahl reserviert.`,
  fieldChooseOtherParameter: 'Bitte wählen Sie einen anderen Parameternamen.',
  filterTwice: (name: string) => `Der Filter „${name}“ ist doppelt vorhanden.`,
  fieldParameterOnce: 'Jeder Parametername darf nur einmal vorkommen.',
  filterValuesNotJson: 'Die Filterwerte sind kein gültiges JSON.',
  fieldInvalidJson: 'Ungültiges JSON',
  sqlEditForbidden: 'Sie dürfen keine SQL-Anweisungen von Reports bearbeiten.',
  pdfTooLarge: (max: number, rows: number) =>
    `Ein PDF kann höchstens ${max.toLocaleString('de-DE')} Datensätze enthalten (dieser Report: ${rows.toLocaleString('de-DE')}). Bitte schränken Sie die Filter ein oder wählen Sie XLSX oder CSV.`,
  reportExists: (name: string) =>
    `Der Report „${name}“ existiert bereits. Bitte benennen Sie ihn um oder löschen Sie den vorhandenen Report.`,
  noReportRole:
    'Reports können derzeit nicht auf Ihre Datenrechte beschränkt werden (die Datenbankrolle für Reports fehlt). Bitte wenden Sie sich an Ihre Administration.',
  protectedData: 'Der Report greift auf geschützte Daten zu, die Reports nicht lesen dürfen.',
  readOnly: 'Ein Report darf keine Daten ändern.',
  sqlFailed: (reason: string | undefined) => `Die SQL-Abfrage des Reports ist fehlgeschlagen: ${reason}`,
  tooManyRows: (max: number) =>
    `Der Report liefert mehr als ${max.toLocaleString('de-DE')} Datensätze. Bitte schränken Sie die Filter ein.`,
  fileTooLarge: 'Die Datei ist zu groß.',
  /** Why the report SQL guard refuses a statement, by reason (decision 015). */
  sqlRefused: {
    SYNTAX: (d: string) => `Die SQL-Abfrage ist syntaktisch falsch: ${d}`,
    NOT_ONE_STATEMENT: () => 'Ein Report darf genau eine SQL-Anweisung enthalten.',
    NOT_SELECT: (d: string) => `Ein Report darf nur lesen (SELECT). Die Anweisung „${d}“ ist nicht erlaubt.`,
    DATA_MODIFYING: (d: string) =>
      `Ein Report darf keine Daten ändern. „${d}“ (auch in einer WITH-Klausel) ist nicht erlaubt.`,
    SELECT_INTO: () => 'SELECT … INTO legt eine Tabelle an und ist in Reports nicht erlaubt.',
    LOCKING: (d: string) => `Sperrklauseln (${d}) sind in Reports nicht erlaubt.`,
    FUNCTION: (d: string) => `Die Funktion „${d}“ ist in Reports nicht erlaubt.`,
    CAST: (d: string) => `Die Umwandlung in den Typ „${d}“ ist in Reports nicht erlaubt.`,
    SCHEMA: (d: string) =>
      `Das Schema „${d}“ ist in Reports nicht erlaubt. Reports lesen nur die Fachtabellen.`,
    TABLE: (d: string) => `Die Tabelle „${d}“ enthält geschützte Daten und ist in Reports nicht erlaubt.`,
    COLUMN: (d: string) => `Die Spalte „${d}“ enthält geschützte Daten und ist in Reports nicht erlaubt.`,
    WHOLE_ROW: (d: string) =>
      `„${d}“ liest ganze Zeilen einer Tabelle mit geschützten Spalten. Bitte nennen Sie die Spalten einzeln.`,
    PARAMETER: (d: string) =>
      `Parameter wie „${d}“ sind nicht erlaubt. Bitte verwenden Sie Filter in der Form :name.`,
    UNKNOWN_FILTER: (d: string) => `Der Platzhalter „:${d}“ gehört zu keinem Filter des Reports.`,
    CONSTRUCT: (d: string) => `Das Sprachelement „${d}“ ist in Reports nicht erlaubt.`,
  },
} as const;

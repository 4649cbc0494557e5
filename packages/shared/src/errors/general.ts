/** General codes: malformed requests, sign-in state, permissions, conflicts, server faults (spec §8 and own). */
import type { ErrorDefinition } from './definition.ts';

export const generalErrors = {
  UNKNOWN: {
    status: 500,
    message: 'Es ist ein unbekannter Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  },
  INVALID_REQUEST: {
    status: 400,
    message: 'Die Anfrage ist ungültig. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  },
  DATATABLE: {
    status: 400,
    message: 'Die Liste konnte nicht geladen werden. Bitte prüfen Sie Suche, Sortierung und Filter.',
  },
  INPUT_VALIDATION_ERROR: { status: 400, message: 'Bitte prüfen Sie Ihre Eingaben.' },
  NOT_FOUND: {
    status: 404,
    message: 'Der Datensatz wurde nicht gefunden. Möglicherweise wurde er inzwischen gelöscht.',
  },
  NOT_AUTHENTICATED: { status: 401, message: 'Bitte melden Sie sich an.' },
  NO_PERMISSION: { status: 403, message: 'Keine Berechtigung.' },
  MISSING_TABLE_TABLE_DEFINITION: {
    status: 500,
    message: 'Die Tabellendefinition fehlt. Bitte wenden Sie sich an den Support.',
  },
  MISSING_TABLE_COLUMN_DEFINITION: {
    status: 500,
    message: 'Die Spaltendefinition der Tabelle fehlt. Bitte wenden Sie sich an den Support.',
  },
  MISSING_PRIMARY_KEY_TABLE_DEFINITION: {
    status: 500,
    message: 'In der Tabellendefinition fehlt der Primärschlüssel. Bitte wenden Sie sich an den Support.',
  },
  /** Optimistic locking: the update carried a stale `version`. */
  CONFLICT: {
    status: 409,
    message:
      'Der Datensatz wurde inzwischen von einer anderen Person geändert. Bitte laden Sie ihn neu; Ihre Eingaben bleiben erhalten.',
  },
  CSRF_INVALID: {
    status: 403,
    message:
      'Die Sicherheitsprüfung der Anfrage ist fehlgeschlagen. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    message: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
  },
  DUPLICATE: {
    status: 409,
    message: 'Ein vergleichbarer Datensatz ist bereits vorhanden.',
  },
  IN_USE: {
    status: 409,
    message:
      'Der Datensatz wird noch verwendet und kann derzeit nicht gelöscht werden. Bitte entfernen Sie zuerst die Verknüpfungen.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: 'Die Datei ist zu groß. Bitte laden Sie eine Datei mit höchstens 50 MB hoch.',
  },
  INTERNAL: {
    status: 500,
    message: 'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const generalMessages = {
  ownPortalOnly: 'Sie können nur die Daten Ihres eigenen Portals sehen.',
  cannotSortBy: (column: string) => `Nach „${column}“ kann nicht sortiert werden.`,
  fieldAllowed: (values: readonly string[]) => `Erlaubt: ${values.join(', ')}`,
  unknownPermissions: (ids: readonly (number | string)[]) => `Unbekannte Rechte: ${ids.join(', ')}.`,
  fieldUnknownPermissions: (ids: readonly number[]) => `Unbekannte Rechte: ${ids.join(', ')}`,
  fieldNameTaken: 'Name bereits vergeben',
  fieldNameExistsOnLevel: 'Name auf dieser Ebene bereits vergeben',
  fieldUnknownIds: (ids: readonly (number | string)[]) => `Unbekannt: ${ids.join(', ')}`,
  personUnknown: 'Diese Person gibt es nicht.',
  entryGone: 'Dieser Eintrag ist nicht (mehr) vorhanden.',
  fieldInvalidValue: 'Ungültiger Wert',
  illegalCharacters: 'Die Eingabe enthält unzulässige Zeichen. Bitte prüfen Sie Ihre Eingaben.',
  requestTooLarge: 'Die Anfrage ist zu groß. Bitte senden Sie weniger Daten.',
  illFormedText:
    'Der Text enthält ein ungültiges Zeichen (ein unvollständiges Unicode-Zeichen). Bitte geben Sie ihn erneut ein.',
  fieldUnknown: 'Unbekannt',
  csvQuoteNotClosed:
    'Ein Anführungszeichen wird bis zum Ende der Datei nicht geschlossen. Bitte prüfen Sie die Datei.',
  csvUnreadable: (line: number | undefined) =>
    `Die Datei kann nicht als CSV gelesen werden${line ? ` (Zeile ${line})` : ''}. Bitte prüfen Sie Datei und Trennzeichen.`,
} as const;

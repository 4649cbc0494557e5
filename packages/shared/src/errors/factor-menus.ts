/** Factor menus (decision 019). */
import type { ErrorDefinition } from './definition.ts';

export const factorMenusErrors = {
  FACTOR_MENU_MISSING: {
    status: 400,
    message: 'Bitte wählen Sie ein Faktorenmenü für die Gefährdungsbeurteilung aus.',
  },
  FACTOR_MENU_INVALID_ID: {
    status: 404,
    message: 'Das Faktorenmenü wurde nicht gefunden. Bitte wählen Sie ein vorhandenes Faktorenmenü.',
  },
  FACTOR_MENU_IN_EDITING: {
    status: 409,
    message:
      'Das Faktorenmenü ist nicht aktiv (in Bearbeitung) und kann keiner Gefährdungsbeurteilung zugeordnet werden.',
  },
  FACTOR_MENU_FACTOR_INVALID: {
    status: 400,
    message: 'Der gewählte Faktor gehört nicht zum Faktorenmenü der Gefährdungsbeurteilung.',
  },
  FACTOR_MENU_FACTOR_NOT_MULTIPLE: {
    status: 400,
    message:
      'In diesem Register des Faktorenmenüs kann nur ein Faktor gewählt werden („Mehrere Faktoren wählbar“ ist nicht eingestellt).',
  },
  FACTOR_MENU_REGISTER_NOT_OFFERED: {
    status: 400,
    message:
      'Das Register wird im Faktorenmenü nicht zur Auswahl angeboten; seine Faktoren können nicht neu gewählt werden.',
  },
  FACTOR_MENU_STANDARD_READONLY: {
    status: 409,
    message:
      'Das Standardmenü kann nicht gespeichert oder gelöscht werden. Legen Sie mit „Kopieren“ ein eigenes Faktorenmenü an.',
  },
  FACTOR_MENU_IN_USE: {
    status: 409,
    message: 'Das Faktorenmenü wird in Gefährdungsbeurteilungen verwendet und kann nicht geändert werden.',
  },
  FACTOR_MENU_NAME_EXISTS: {
    status: 409,
    message: 'Es gibt bereits ein Faktorenmenü mit diesem Namen. Bitte wählen Sie einen anderen Namen.',
  },
  FACTOR_MENU_IMPORT_DUPLICATE: {
    status: 409,
    message:
      'Ein Faktorenmenü mit diesem Namen ist bereits vorhanden. Benennen Sie das vorhandene Menü um oder löschen Sie es, bevor Sie die Datei importieren.',
  },
  FACTOR_MENU_IMPORT_EMPTY: {
    status: 400,
    message:
      'Die Datei enthält keine Daten. Ein Faktorenmenü braucht mindestens ein Register mit einem Faktor.',
  },
  FACTOR_MENU_IMPORT_INVALID: {
    status: 400,
    message: 'Die Datei ist kein gültiges Faktorenmenü (JSON-Export von Schutzwerk).',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const factorMenusMessages = {
  usedInAnalyses: (analyses: number) =>
    `Das Faktorenmenü wird in ${analyses} Gefährdungsbeurteilung(en) verwendet und kann nicht bearbeitet, gelöscht oder deaktiviert werden.`,
  fieldNameTaken: 'Dieser Name ist bereits vergeben.',
  fieldRegisterForeign: 'Das Register gehört nicht zu diesem Menü.',
  fieldFactorForeign: 'Der Faktor gehört nicht zu diesem Menü.',
} as const;

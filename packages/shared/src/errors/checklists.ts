/** Checklists and questionnaires (spec; checklists and filling: decisions 052, 053). */
import type { ErrorDefinition } from './definition.ts';

export const checklistsErrors = {
  COLLECTION_NOT_FOUND: {
    status: 404,
    message: 'Die Checklisten-Sammlung wurde nicht gefunden.',
  },
  CHECKLISTS_NOT_FOUND: {
    status: 404,
    message: 'Die Checkliste wurde nicht gefunden.',
  },
  CELLS_NOT_FOUND: {
    status: 404,
    message: 'Die Zellen der Checkliste wurden nicht gefunden.',
  },
  UNDEFINED_COLLECTION_MODULE: {
    status: 400,
    message: 'Für die Checklisten-Sammlung ist kein Modul festgelegt. Bitte wählen Sie ein Modul aus.',
  },
  CHECKLISTS_NO_SQL_QUERY: {
    status: 400,
    message: 'Für die Checkliste ist keine SQL-Abfrage hinterlegt. Bitte ergänzen Sie die Abfrage.',
  },
  CHECKLISTS_BAD_SQL_QUERY: {
    status: 400,
    message: 'Die SQL-Abfrage der Checkliste ist fehlerhaft. Bitte korrigieren Sie die Abfrage.',
  },
  CHECKLIST_COLLECTION_TREE_NOT_FOUND: {
    status: 404,
    message: 'Der Fragebogen wurde nicht gefunden.',
  },
  CHECKLIST_COLLECTION_TREE_MISSING_COLLECTIONID: {
    status: 400,
    message:
      'Für den Fragebogen ist keine Checklisten-Sammlung angegeben. Bitte wählen Sie eine Sammlung aus.',
  },
  CHECKLIST_COLLECTION_TREE_MISSING_DESCRIPTION: {
    status: 400,
    message: 'Für den Fragebogen ist keine Bezeichnung angegeben. Bitte geben Sie eine Bezeichnung ein.',
  },
  CHECKLIST_COMMENT_UNKNOWN: {
    status: 500,
    message:
      'Der Kommentar konnte wegen eines unbekannten Fehlers nicht angelegt werden. Bitte versuchen Sie es erneut.',
  },
  CHECKLIST_COMMENT_TREE_VERSION: {
    status: 409,
    message:
      'Der Fragebogen wurde inzwischen geändert. Bitte laden Sie ihn neu und legen Sie den Kommentar erneut an.',
  },
  CHECKLIST_COMMENT_TREE_MISSING: {
    status: 400,
    message: 'Der Kommentar konnte nicht angelegt werden, weil der Fragebogen fehlt.',
  },
  CHECKLIST_COMMENT_COLLECTION_MISSING: {
    status: 400,
    message: 'Der Kommentar konnte nicht angelegt werden, weil die Checklisten-Sammlung fehlt.',
  },
  CHECKLIST_COMMENT_CHECKLIST_MISSING: {
    status: 400,
    message: 'Der Kommentar konnte nicht angelegt werden, weil die Checkliste fehlt.',
  },
  CHECKLIST_COMMENT_HAZARDBRICK_MISSING: {
    status: 400,
    message: 'Der Kommentar konnte nicht angelegt werden, weil der Gefährdungsbaustein fehlt.',
  },
  CHECKLIST_COMMENT_HAZARDBRICK_GUID: {
    status: 400,
    message:
      'Der Kommentar konnte nicht angelegt werden, weil die Kennung des Gefährdungsbausteins ungültig ist.',
  },
  CHECKLIST_COMMENT_AUDIT_MISSING: {
    status: 400,
    message: 'Der Kommentar konnte nicht angelegt werden, weil der Freigabevorgang fehlt.',
  },
  CHECKLIST_COMMENT_COMMENT_MISSING: {
    status: 400,
    message: 'Bitte geben Sie einen Kommentar ein.',
  },
  CHECKLIST_IN_USE: {
    status: 409,
    message:
      'Die Checkliste kann nicht gelöscht werden, weil sie bereits ausgefüllt wurde. Bitte deaktivieren Sie sie stattdessen.',
  },
  CHECKLIST_CELL_IN_USE: {
    status: 409,
    message:
      'Die Zelle, Zeile oder Spalte kann nicht gelöscht werden, weil bereits Antworten, Maßnahmen oder Dateien daran hängen.',
  },
  CHECKLIST_EMPLOYEE_NOT_VISIBLE: {
    status: 400,
    message:
      'Der gewählte Mitarbeiter ist in Ihrem Portal nicht sichtbar. Bitte wählen Sie einen Mitarbeiter über die Auswahl aus.',
  },
  CHECKLIST_LOCKED: {
    status: 409,
    message:
      'Die Checkliste ist von einem Administrator für die Bearbeitung gesperrt. Bitte wenden Sie sich an einen Administrator.',
  },
  CHECKLIST_ELEMENT_LOCKED: {
    status: 409,
    message:
      'Ein gesperrtes Element kann nur ein Administrator ändern oder entfernen. Bitte laden Sie die Checkliste neu.',
  },
  CHECKLIST_RIGHT_UNKNOWN: {
    status: 400,
    message:
      'Ein Mitarbeiter, eine Rolle oder ein Ort in den Rechten ist in Ihrem Portal nicht vorhanden. Bitte wählen Sie erneut aus.',
  },
  CHECKLIST_CLONE_MAXIMUM: {
    status: 409,
    message:
      'Die Höchstzahl an Kopien dieser Checkliste ist erreicht. Erhöhen Sie die Höchstzahl in den Einstellungen der Checkliste.',
  },
  CHECKLIST_HAS_CLONES: {
    status: 409,
    message:
      'Die Checkliste kann nicht gelöscht werden, weil es Kopien von ihr gibt. Bitte löschen Sie zuerst die Kopien oder deaktivieren Sie die Checkliste.',
  },
  CHECKLIST_BACKUP_NOT_FOUND: {
    status: 404,
    message: 'Die Sicherung der Checkliste wurde nicht gefunden.',
  },
  CHECKLIST_IMPORT_INVALID: {
    status: 400,
    message:
      'Die Datei kann nicht als Checkliste importiert werden. Bitte prüfen Sie die aufgeführten Fehler.',
  },
  CHECKLIST_TASK_EXISTS: {
    status: 409,
    message: 'Für dieses Feld wurde bereits eine Maßnahme angelegt.',
  },
  CHECKLIST_INACTIVE: {
    status: 409,
    message: 'Die Checkliste ist deaktiviert und kann nicht ausgefüllt werden.',
  },
  CHECKLIST_ANSWER_INVALID: {
    status: 400,
    message: 'Eine Antwort passt nicht zu ihrem Feld. Bitte prüfen Sie Ihre Eingaben.',
  },
  CHECKLIST_RESULT_MISMATCH: {
    status: 400,
    message:
      'Ein berechnetes Ergebnis stimmt nicht mit der Formel überein. Bitte laden Sie die Checkliste neu und speichern Sie erneut.',
  },
  CHECKLIST_MANDATORY_UNDONE: {
    status: 400,
    message:
      'Die Checkliste kann nicht abgeschlossen werden: Pflichtfelder sind nicht ausgefüllt oder der erforderliche Fortschritt ist nicht erreicht.',
  },
  CHECKLIST_LINK_UNKNOWN: {
    status: 400,
    message: 'Checklisten können an dieses Modul nicht angehängt werden.',
  },
  QUESTIONNAIRE_ROUTE_NOT_FOUND: {
    status: 404,
    message: 'Der Ablauf des Fragebogens wurde nicht gefunden.',
  },
  QUESTIONNAIRE_UNKNOWN_MODE: {
    status: 400,
    message:
      'Die Ansicht des Fragebogens ist unbekannt. Bitte öffnen Sie den Fragebogen erneut aus der Liste.',
  },
  QUESTIONNAIRE_QUERY_FAILED: {
    status: 500,
    message: 'Der Fragebogen konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
  },
  QUESTIONNAIRE_UPDATE_FAILED: {
    status: 500,
    message: 'Der Fragebogen konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.',
  },
  CHECKLIST_IN_COLLECTION: {
    status: 409,
    message:
      'Die Checkliste gehört zu einer Checklisten-Sammlung und kann nicht gelöscht werden. Bitte entfernen Sie sie zuerst aus der Sammlung oder deaktivieren Sie sie.',
  },
  COLLECTION_IN_USE: {
    status: 409,
    message:
      'Die Checklisten-Sammlung wird in einem Fragebogentyp verwendet und kann nicht gelöscht werden. Bitte entfernen Sie sie zuerst aus dem Fragebogentyp.',
  },
  QUESTIONNAIRE_TYPE_IN_USE: {
    status: 409,
    message:
      'Zu diesem Fragebogentyp gibt es bereits Fragebogen; er kann nicht gelöscht werden. Bitte deaktivieren Sie ihn stattdessen.',
  },
  QUESTIONNAIRE_TYPE_INACTIVE: {
    status: 409,
    message: 'Der Fragebogentyp ist deaktiviert. Bitte wählen Sie einen aktiven Fragebogentyp.',
  },
  QUESTIONNAIRE_EMPTY: {
    status: 400,
    message:
      'Der Fragebogentyp enthält keine aktive Checkliste. Bitte ordnen Sie seinen Segmenten Sammlungen mit aktiven Checklisten zu.',
  },
  QUESTIONNAIRE_DONE: {
    status: 409,
    message: 'Der Fragebogen ist abgeschlossen und kann nicht mehr bearbeitet werden.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Texts of the questionnaires (decision 058) that are not error codes. */
export const questionnairesMessages = {
  brickGone: 'Der Gefährdungsbaustein wurde nicht gefunden.',
  collectionGone: 'Die Checklisten-Sammlung wurde nicht gefunden.',
  checklistGone: 'Die Checkliste wurde nicht gefunden.',
};

/** Texts of the checklists module that are not error codes (decision 061). */
export const checklistsMessages = {
  importNotJson:
    'Die Datei enthält kein gültiges JSON. Bitte wählen Sie eine exportierte Checkliste (.json).',
  copyPrefix: 'Kopie von',
} as const;

/** The hazardous substances register (decision 046). Texts quoted from spec modules.md §8 where it has them. */
import type { ErrorDefinition } from './definition.ts';

export const substancesErrors = {
  SUBSTANCE_DUPLICATE: {
    status: 409,
    message: 'Ein Gefahrstoff mit dieser Bezeichnung, CAS-Nummer oder EG-Nummer ist bereits erfasst.',
  },
  SUBSTANCE_HAS_VERSIONS: {
    status: 409,
    message:
      'Der Gefahrstoff hat mehrere Versionen und kann nicht gelöscht werden. Bitte setzen Sie ihn stattdessen inaktiv.',
  },
  SUBSTANCE_IN_USE: {
    status: 409,
    message: 'Der Gefahrstoff konnte nicht gelöscht werden, weil er noch einer Gefährdung zugeordnet ist.',
  },
  SUBSTANCE_STATUS_FAILED: {
    status: 409,
    message: 'Status für den Gefahrstoff konnte nicht gesetzt werden.',
  },
  SUBSTANCE_VERSION_FAILED: {
    status: 409,
    message: 'Es konnte keine neue Version erstellt werden.',
  },
  SUBSTANCE_STATEMENT_UNKNOWN: {
    status: 400,
    message: 'Ein gewählter Gefahren- oder Sicherheitshinweis steht nicht im CLP-Katalog.',
  },
  SUBSTANCE_CATALOGUE_NAME_EXISTS: {
    status: 409,
    message: 'Diese Bezeichnung gibt es bereits. Bitte wählen Sie eine andere.',
  },
  SUBSTANCE_CATALOGUE_IN_USE: {
    status: 409,
    message: 'Der Eintrag wird von Gefahrstoffen verwendet und kann nicht gelöscht werden.',
  },
  SUBSTANCE_REFERENCE_INVALID: {
    status: 400,
    message:
      'Die gewählte Produktgruppe, Verpackungseinheit, der Hersteller oder die verantwortliche Person gibt es nicht.',
  },
  // The SDS PDF import (decision 049).
  SUBSTANCE_SDS_NO_TEXT: {
    status: 422,
    message:
      'Aus dem PDF konnte kein Text gelesen werden. Vermutlich ist es eingescannt. Bitte erfassen Sie die Angaben von Hand.',
  },
  SUBSTANCE_SDS_NOT_PDF: {
    status: 400,
    message: 'Die Datei ist kein lesbares PDF. Bitte wählen Sie das Sicherheitsdatenblatt als PDF-Datei.',
  },
  SUBSTANCE_SDS_NO_DESIGNATION: {
    status: 422,
    message:
      'Im Sicherheitsdatenblatt wurde keine Produktbezeichnung gefunden. Bitte legen Sie den Gefahrstoff von Hand an und laden Sie das Datenblatt dort hoch.',
  },
  // Links to hazards and the data-sheet release checklist (decision 054).
  HAZARD_SUBSTANCE_INACTIVE: {
    status: 409,
    message: 'Ein inaktiver Gefahrstoff kann keiner Gefährdung zugeordnet werden.',
  },
  SDS_CHECKLIST_INVALID: {
    status: 400,
    message:
      'Die gewählte Checkliste gibt es nicht (mehr), sie ist inaktiv oder nicht für Gefahrstoffe bestimmt.',
  },
  SDS_CHECKLIST_UNDONE: {
    status: 409,
    message:
      'Das Sicherheitsdatenblatt kann erst freigegeben werden, wenn die Checkliste der Freigabe erledigt ist. Bitte füllen Sie die Checkliste aus und setzen Sie sie auf erledigt.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Field texts of the register (the server names the field in `details`). */
export const substancesMessages = {
  fieldDesignationTaken: 'Ein Gefahrstoff mit dieser Bezeichnung ist bereits erfasst.',
  fieldCasTaken: 'Ein Gefahrstoff mit dieser CAS-Nummer ist bereits erfasst.',
  fieldEcTaken: 'Ein Gefahrstoff mit dieser EG-Nummer ist bereits erfasst.',
  fieldStatementUnknown: (code: string) => `Den Hinweis „${code}“ gibt es im CLP-Katalog nicht.`,
  fieldReferenceMissing: 'Diesen Eintrag gibt es nicht (mehr). Bitte wählen Sie neu.',
  inactiveBecauseUsed: (what: string) =>
    `Status für den Gefahrstoff konnte nicht gesetzt werden. Er wird noch verwendet: ${what}.`,
  inUseByHazards: (count: number) =>
    `Der Gefahrstoff konnte nicht gelöscht werden, weil er noch ${count === 1 ? 'einer Gefährdung' : `${count} Gefährdungen`} zugeordnet ist.`,
  usedByHazards: (count: number) =>
    count === 1
      ? 'in einer Gefährdung einer Gefährdungsbeurteilung'
      : `in ${count} Gefährdungen von Gefährdungsbeurteilungen`,
  fieldCatalogueNameTaken: 'Diese Bezeichnung gibt es bereits.',
  versionFixedAlready:
    'Es konnte keine neue Version erstellt werden. Die aktuelle Version ist bereits festgeschrieben.',
  fieldPersonMissing: 'Diese Person gibt es nicht (mehr).',
  fieldSubstanceMissing: 'Ein gewählter Gefahrstoff ist nicht (mehr) vorhanden.',
  fieldSdsVersionMissing: 'Die Version fehlt (vor der Datei senden).',
  // The summaries of proposed ingredient rows (decision 055).
  sdsShareUpTo: (max: string) => `bis ${max}`,
  sdsShareFrom: (min: string) => `ab ${min}`,
} as const;

/** The medical-examination sync wizard (decision 065). */
import type { ErrorDefinition } from './definition.ts';

export const precautionSyncErrors = {
  PRECAUTION_SYNC_INVALID_FILE: {
    status: 400,
    message: 'Die Datei kann nicht als CSV-Datei gelesen werden. Bitte prüfen Sie Datei und Trennzeichen.',
  },
  PRECAUTION_SYNC_EMPTY_FILE: {
    status: 400,
    message: 'Die Datei enthält keine Datenzeilen. Bitte wählen Sie eine andere Datei.',
  },
  PRECAUTION_SYNC_FILE_TOO_LARGE: {
    status: 413,
    message: 'Die Datei ist zu groß. Bitte laden Sie eine CSV-Datei mit höchstens 2 MB hoch.',
  },
  PRECAUTION_SYNC_MAPPING_INCOMPLETE: {
    status: 400,
    message:
      'Bitte ordnen Sie Anlass, Untersuchungsdatum, Beurteilung und entweder die Personalnummer oder Nachname, Vorname und Geburtsdatum zu.',
  },
  PRECAUTION_SYNC_REJECTED: {
    status: 400,
    message:
      'Die Datei enthält fehlerhafte Zeilen. Es wurden keine Daten übernommen. Bitte korrigieren Sie die Datei oder die Zuordnung.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Texts of the sync: the row errors of the check step (each names the value) and field messages. */
export const precautionSyncMessages = {
  /** The fields as the row messages name them. */
  fieldLabels: {
    personnelNumber: 'Personalnummer',
    lastName: 'Nachname',
    firstName: 'Vorname',
    birthday: 'Geburtsdatum',
    occasion: 'Anlass',
    precautionType: 'Vorsorgeart',
    examinationDate: 'Untersuchungsdatum',
    assessment: 'Beurteilung',
    nextDate: 'Nächster Termin',
  },
  fieldNoSuchColumn: (column: number) => `Die Datei hat keine Spalte ${column}.`,
  fieldMissing: 'Bitte ordnen Sie eine Spalte zu.',
  missingValue: (field: string) => `Die Angabe „${field}“ fehlt.`,
  unknownPersonnelNumber: (value: string) => `Unbekannter Mitarbeiter: Personalnummer „${value}“.`,
  unknownPerson: (name: string, birthday: string) =>
    `Unbekannter Mitarbeiter: „${name}“, geboren am ${birthday}.`,
  ambiguousPerson: (name: string, birthday: string) =>
    `Mitarbeiter nicht eindeutig: Mehrere Mitarbeiter heißen „${name}“ und sind am ${birthday} geboren. Bitte verwenden Sie die Personalnummer.`,
  unknownOccasion: (value: string) =>
    `Unbekannte Vorsorge: Den Anlass „${value}“ gibt es nicht. Bitte ordnen Sie den Wert einem Anlass zu.`,
  unknownType: (value: string) =>
    `Unbekannte Vorsorgeart „${value}“. Bitte ordnen Sie den Wert Pflicht-, Angebots- oder Wunschvorsorge zu.`,
  noSuchPrecaution: (occasion: string) =>
    `Unbekannte Vorsorge: Für diesen Mitarbeiter ist keine Vorsorge „${occasion}“ angelegt.`,
  ambiguousPrecaution: (occasion: string) =>
    `Vorsorge nicht eindeutig: Der Mitarbeiter hat mehrere Vorsorgen „${occasion}“. Bitte ordnen Sie die Spalte Vorsorgeart zu.`,
  badDate: (field: string, value: string) =>
    `Ungültiges Datum in „${field}“: „${value}“. Bitte verwenden Sie TT.MM.JJJJ.`,
  nextBeforeExamination: (value: string) => `Der nächste Termin „${value}“ liegt vor dem Untersuchungsdatum.`,
  futureDate: (value: string) =>
    `Das Untersuchungsdatum „${value}“ liegt in der Zukunft. Es können nur stattgefundene Untersuchungen übernommen werden.`,
  unknownAssessment: (value: string) =>
    `Unbekannte Beurteilung „${value}“. Bitte ordnen Sie den Wert einer Art der Beurteilung zu.`,
  duplicateRow: (line: number) =>
    `Doppelte Zeile: Dieselbe Untersuchung (Mitarbeiter, Vorsorge, Datum) steht schon in Zeile ${line}.`,
  rowError: (line: number, message: string) => `Zeile ${line}: ${message}`,
} as const;

/** Instructions (Unterweisungen): topics and their questions (decision 036). */
import type { ErrorDefinition } from './definition.ts';

export const instructionsErrors = {
  TOPIC_PRESENTATION_NOT_PDF: {
    status: 400,
    message: 'Die Präsentation muss eine PDF-Datei sein. Bitte wählen Sie eine PDF-Datei aus.',
  },
  TOPIC_PRESENTATION_DAMAGED: {
    status: 400,
    message:
      'Die PDF-Datei lässt sich nicht lesen (beschädigt oder mit Kennwort geschützt). Bitte wählen Sie eine andere Datei.',
  },
  TOPIC_PRESENTATION_TOO_LARGE: {
    status: 413,
    message: 'Die Präsentation ist größer als 50 MB. Bitte verkleinern Sie die PDF-Datei.',
  },
  TOPIC_FILE_MISSING: {
    status: 400,
    message: 'Es wurde keine Datei übertragen. Bitte wählen Sie eine Datei aus.',
  },
  QUESTION_IMAGE_TYPE: {
    status: 400,
    message: 'Das Bild muss eine PNG-, JPEG- oder WebP-Datei sein. Bitte wählen Sie ein solches Bild aus.',
  },
  QUESTION_IMAGE_TOO_LARGE: {
    status: 413,
    message: 'Das Bild ist größer als 5 MB. Bitte verkleinern Sie es und laden Sie es erneut hoch.',
  },
  TOPIC_IDENTIFIER_EXISTS: {
    status: 409,
    message: 'Diese Kennung ist bereits an eine andere Unterweisung vergeben.',
  },
  TOPIC_DEPARTMENT_INVALID: {
    status: 400,
    message: 'Die gewählte Abteilung gibt es in Ihrem Portal nicht. Bitte wählen Sie eine andere Abteilung.',
  },
  TOPIC_PARENT_INVALID: {
    status: 400,
    message:
      'Diese Unterweisung kann nicht übergeordnet werden: Sie gibt es in Ihrem Portal nicht, oder die Kette würde sich im Kreis schließen.',
  },
  TOPIC_PARENT_TAKEN: {
    status: 409,
    message:
      'Der gewählten übergeordneten Unterweisung ist bereits eine andere Unterweisung untergeordnet. Eine Kette hat je Glied genau ein nachfolgendes Thema.',
  },
  TOPIC_INTERVAL_NOT_FIRST: {
    status: 400,
    message:
      'Ein Intervall ist nur beim ersten Thema einer Kette möglich. Bitte wählen Sie „einmalig“ oder entfernen Sie die übergeordnete Unterweisung.',
  },
  TOPIC_POOL_BELOW_MANDATORY: {
    status: 409,
    message:
      'Der Fragenpool ist kleiner als die Zahl der Pflichtfragen. Bitte erhöhen Sie den Fragenpool auf mindestens die Zahl der Pflichtfragen.',
  },
  TOPIC_PARENT_LOCKED: {
    status: 409,
    message:
      'Die übergeordnete Unterweisung ist gesperrt. Geben Sie zuerst die übergeordnete Unterweisung frei, dann diese.',
  },
  TOPIC_CHILD_RELEASED: {
    status: 409,
    message:
      'Eine untergeordnete Unterweisung ist noch freigegeben. Sperren Sie zuerst die untergeordnete Unterweisung, dann diese.',
  },
  TOPIC_NO_QUESTIONS: {
    status: 409,
    message:
      'Zu dieser Unterweisung sind keine Fragen hinterlegt. Legen Sie mindestens eine Frage an, bevor Sie sie freigeben.',
  },
  TOPIC_LINKED: {
    status: 409,
    message:
      'Die Unterweisung ist mit einer anderen Unterweisung verkettet und kann nicht gelöscht werden. Lösen Sie zuerst die Verkettung.',
  },
  TOPIC_IN_USE: {
    status: 409,
    message: 'Die Unterweisung ist Mitarbeitern zugewiesen und kann nicht gelöscht werden.',
  },
  TOPIC_INACTIVE: {
    status: 409,
    message: 'Die Unterweisung ist inaktiv und kann nicht zugewiesen werden.',
  },
  TOPIC_FILE_INVALID: {
    status: 400,
    message: 'Die Datei ist keine gültige Exportdatei mit Unterweisungen. Es wurde nichts importiert.',
  },
  TOPIC_FILE_EMPTY: {
    status: 400,
    message: 'Die Datei enthält keine Unterweisungen. Es wurde nichts importiert.',
  },
  ASSIGNMENT_EMPLOYEE_INVALID: {
    status: 400,
    message: 'Mindestens einen der gewählten Mitarbeiter gibt es in Ihrem Portal nicht.',
  },
  ASSIGNMENT_ALREADY_DONE: {
    status: 409,
    message: 'Die Unterweisung ist bereits erledigt und kann nicht neu terminiert werden.',
  },
  ASSIGNMENT_NOT_OPEN: {
    status: 409,
    message: 'Nur offene Unterweisungen können gelöscht werden; diese ist bereits begonnen oder erledigt.',
  },
  // The removal's classification (decision 080, spec §8: codes −1 to −4).
  REMOVAL_ACTION_REQUIRED: {
    status: 400,
    message: 'Bitte wählen Sie eine Maßnahme aus.',
  },
  REMOVAL_ELEMENT_REQUIRED: {
    status: 400,
    message: 'Bitte wählen Sie die Unterweisung aus, die diese ersetzt.',
  },
  REMOVAL_REASON_REQUIRED: {
    status: 400,
    message: 'Bitte geben Sie eine Begründung an.',
  },
  REMOVAL_REASON_NOT_SENTENCES: {
    status: 400,
    message:
      'Bitte begründen Sie in ganzen Sätzen: mit einem Großbuchstaben beginnen, mindestens drei Wörter, am Ende ein Satzzeichen.',
  },
  REMOVAL_REPLACEMENT_INVALID: {
    status: 400,
    message: 'Die ersetzende Unterweisung gibt es in Ihrem Portal nicht, oder es ist dieselbe Unterweisung.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const instructionsMessages = {
  fieldIdentifierTaken: 'Diese Kennung ist bereits vergeben.',
  fieldDepartmentInvalid: 'Diese Abteilung gibt es in Ihrem Portal nicht.',
  fieldParentMissing: 'Diese Unterweisung gibt es in Ihrem Portal nicht.',
  fieldParentSelf: 'Eine Unterweisung kann sich nicht selbst übergeordnet sein.',
  fieldParentCycle:
    'Diese Unterweisung ist dieser bereits untergeordnet; die Kette würde sich im Kreis schließen.',
  fieldParentTaken: (label: string) => `Der gewählten Unterweisung ist bereits „${label}“ untergeordnet.`,
  fieldIntervalNotFirst: 'Ein Intervall ist nur beim ersten Thema einer Kette möglich.',
  poolBelowMandatory: (pool: number, mandatory: number) =>
    `Der Fragenpool (${pool}) ist kleiner als die Zahl der Pflichtfragen (${mandatory}). Bitte erhöhen Sie den Fragenpool auf mindestens ${mandatory}.`,
  fieldPoolBelowMandatory: (mandatory: number) =>
    `Es gibt ${mandatory} Pflichtfrage${mandatory === 1 ? '' : 'n'}; der Fragenpool muss mindestens ${mandatory} betragen.`,
  parentLocked: (label: string) =>
    `Die übergeordnete Unterweisung „${label}“ ist gesperrt. Geben Sie zuerst sie frei, dann diese.`,
  childReleased: (label: string) =>
    `Die untergeordnete Unterweisung „${label}“ ist noch freigegeben. Sperren Sie zuerst sie, dann diese.`,
  linked: (label: string) =>
    `Die Unterweisung ist mit „${label}“ verkettet und kann nicht gelöscht werden. Lösen Sie zuerst die Verkettung.`,
  topicHasDocuments: (documents: number) =>
    `Mit der Unterweisung ${documents === 1 ? 'ist ein Dokument' : `sind ${documents} Dokumente`} verknüpft. Lösen Sie zuerst die Verknüpfung${documents === 1 ? '' : 'en'} (die Dokumente bleiben erhalten).`,
  topicInUse: (assignments: number) =>
    `Die Unterweisung ist ${assignments === 1 ? 'einmal' : `${assignments}-mal`} Mitarbeitern zugewiesen und kann nicht gelöscht werden.`,
  employeeHasDoneInstructions: (done: number) =>
    `Der Mitarbeiter hat ${done} abgeschlossene Unterweisung${done === 1 ? '' : 'en'}; der Nachweis muss erhalten bleiben. Setzen Sie den Mitarbeiter stattdessen inaktiv.`,
} as const;

/** Texts of the topics' export and import (decision 043): field messages of a refused file, notes of the preview. */
export const topicsFileMessages = {
  identifierTwice: (identifier: string) => `Die Kennung „${identifier}“ steht zweimal in der Datei.`,
  parentMissing: (parent: string) =>
    `Die übergeordnete Unterweisung „${parent}“ gibt es weder in der Datei noch in Ihrem Portal.`,
  parentSelf: 'Eine Unterweisung kann sich nicht selbst übergeordnet sein.',
  parentCycle: 'Die Kette würde sich im Kreis schließen.',
  parentTaken: (parent: string, child: string) =>
    `Der Unterweisung „${parent}“ wäre dann auch „${child}“ untergeordnet; eine Kette hat je Glied genau ein nachfolgendes Thema.`,
  intervalNotFirst:
    'Ein Intervall ist nur beim ersten Thema einer Kette möglich (untergeordnet: „einmalig“).',
  releasedChain: (identifier: string) =>
    `„${identifier}“ ist freigegeben: Ihre Verkettung ändert der Import nicht. Sperren Sie die Unterweisung zuerst.`,
  poolBelowMandatory: (pool: number, mandatory: number) =>
    `Der Fragenpool (${pool}) ist kleiner als die Zahl der Pflichtfragen (${mandatory}).`,
  departmentMissing: (name: string) =>
    `Die Abteilung „${name}“ gibt es in Ihrem Portal nicht; die Unterweisung wird ohne Abteilung übernommen.`,
  departmentAmbiguous: (name: string) =>
    `Den Namen „${name}“ tragen mehrere Abteilungen Ihres Portals; die Unterweisung wird ohne Abteilung übernommen.`,
  departmentKept: (name: string) =>
    `Die Abteilung „${name}“ gibt es in Ihrem Portal nicht eindeutig; die bisherige Abteilung bleibt.`,
  questionsKept: (count: number) =>
    `${count} Frage${count === 1 ? '' : 'n'} dieser Unterweisung ${count === 1 ? 'steht' : 'stehen'} nicht in der Datei und ${count === 1 ? 'bleibt' : 'bleiben'} erhalten.`,
  skipped:
    'Eine Unterweisung mit dieser Kennung gibt es bereits; sie bleibt unverändert (Aktualisieren ist nicht gewählt).',
} as const;

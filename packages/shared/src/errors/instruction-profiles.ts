/** Instruction profiles, the exception list and the assignment matrix (decision 040). */
import type { ErrorDefinition } from './definition.ts';

export const instructionProfilesErrors = {
  PROFILE_LABEL_EXISTS: {
    status: 409,
    message: 'Diese Bezeichnung ist bereits an ein anderes Unterweisungsprofil vergeben.',
  },
  PROFILE_TOPIC_INVALID: {
    status: 400,
    message: 'Eine der gewählten Unterweisungen gibt es in Ihrem Portal nicht.',
  },
  PROFILE_SOURCE_INVALID: {
    status: 400,
    message:
      'Eine der gewählten Tätigkeiten, Rollen, Standorte oder Abteilungen gibt es in Ihrem Portal nicht oder hat die falsche Art.',
  },
  PROFILE_IN_USE: {
    status: 409,
    message:
      'Das Unterweisungsprofil ist noch zugeordnet und kann nicht gelöscht werden. Entfernen Sie zuerst alle Zuordnungen.',
  },
  EXCEPTION_EXISTS: {
    status: 409,
    message: 'Diese Unterweisung steht bereits auf der Ausnahmeliste des Mitarbeiters.',
  },
  MATRIX_CELL_INVALID: {
    status: 400,
    message:
      'Eine der gewählten Zellen nennt einen Mitarbeiter oder eine Unterweisung, die es in Ihrem Portal nicht gibt oder die inaktiv ist.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Texts of this domain that name a value (the server passes them as `new AppError(code, { message })`). */
export const instructionProfilesMessages = {
  fieldLabelTaken: 'Diese Bezeichnung ist bereits vergeben.',
  fieldTopicsInvalid: 'Unbekannte Unterweisung.',
  fieldSourcesInvalid: 'Unbekannte oder unpassende Zuordnung.',
  profileInUse: (sources: number) =>
    `Das Unterweisungsprofil ist noch ${sources === 1 ? 'einer Tätigkeit, Rolle, einem Standort oder einer Abteilung' : `${sources} Tätigkeiten, Rollen, Standorten oder Abteilungen`} zugeordnet und kann nicht gelöscht werden. Entfernen Sie zuerst die Zuordnungen.`,
  topicInProfiles: (labels: readonly string[]) =>
    `Die Unterweisung gehört zu ${labels.length === 1 ? 'dem Unterweisungsprofil' : 'den Unterweisungsprofilen'} ${labels.map((l) => `„${l}“`).join(', ')} und kann nicht gelöscht werden.`,
} as const;

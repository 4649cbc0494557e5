/** Substitution tests, the data-sheet release and the register (decision 050). Spec modules.md §8 where it has texts. */
import type { ErrorDefinition } from './definition.ts';

export const substitutionErrors = {
  SUBSTITUTION_INCOMPLETE: {
    status: 400,
    message:
      'Substitutionsprüfung konnte nicht gespeichert werden. Zum Abschließen müssen alle Felder ausgefüllt sein.',
  },
  SUBSTITUTION_REASON_UNCHANGED: {
    status: 400,
    message:
      'Substitutionsprüfung konnte nicht gespeichert werden. Bitte passen Sie die übernommene Begründung an.',
  },
  SUBSTITUTION_REFERENCE_INVALID: {
    status: 400,
    message:
      'Substitutionsprüfung konnte nicht gespeichert werden. Ein gewählter Gefahrstoff oder die verantwortliche Person ist nicht (mehr) vorhanden.',
  },
  SDS_RELEASE_INCOMPLETE: {
    status: 400,
    message:
      'Die Freigabe des Sicherheitsdatenblatts braucht eine verantwortliche Person, ein Datum der nächsten Prüfung und eine Checkliste.',
  },
} as const satisfies Record<string, ErrorDefinition>;

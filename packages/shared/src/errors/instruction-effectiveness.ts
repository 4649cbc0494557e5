/** The effectiveness review of instruction topics (Wirksamkeitsprüfung, decision 075). */
import type { ErrorDefinition } from './definition.ts';

export const instructionEffectivenessErrors = {
  /** Answered with the real count: „Sie müssen noch N Frage(n) bewerten.“ and `details.unrated`. */
  EFFECTIVENESS_UNRATED: {
    status: 400,
    message: 'Sie müssen noch alle Fragen bewerten.',
  },
  EFFECTIVENESS_CRITERIA_CHANGED: {
    status: 409,
    message: 'Die Bewertungsfragen wurden inzwischen geändert. Bitte laden Sie die Seite neu.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Field messages of the effectiveness review that the server passes in `details`. */
export const instructionEffectivenessMessages = {
  reviewedOnInFuture: 'Der Tag der Prüfung darf nicht in der Zukunft liegen.',
};

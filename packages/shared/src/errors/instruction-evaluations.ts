/** Evaluations of instructions (Auswertungen, decision 073). */
import type { ErrorDefinition } from './definition.ts';

/** The overdue list's XLSX and PDF hold at most this many rows. */
export const EVALUATION_EXPORT_MAX_ROWS = 20_000;

export const instructionEvaluationsErrors = {
  EVALUATION_INACTIVE_NOT_PERMITTED: {
    status: 403,
    message: 'Ihnen fehlt das Recht, Unterweisungen inaktiver Mitarbeiter auszuwerten.',
  },
  EVALUATION_EXPORT_TOO_LARGE: {
    status: 400,
    message:
      'Die Liste hat mehr als 20.000 Zeilen. Bitte schränken Sie sie mit den Filtern (Unterweisung, Ort) ein.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Evaluations of instructions, tabs master data, employee info and profiles (decision 076). */
import type { ErrorDefinition } from './definition.ts';

export const instructionEvaluationsTabsErrors = {
  EVALUATION_EXTERNAL_NOT_PERMITTED: {
    status: 403,
    message: 'Ihnen fehlt das Recht, Unterweisungen externer Mitarbeiter auszuwerten.',
  },
  EVALUATION_EMPLOYEE_NOT_RESPONSIBLE: {
    status: 403,
    message: 'Sie sind für die Abteilung dieses Mitarbeiters nicht verantwortlich.',
  },
  EVALUATION_EMPLOYEE_NO_LOCATION_RIGHTS: {
    status: 403,
    message: 'Sie haben keine Ortsrechte für den Standort dieses Mitarbeiters.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** NOHL classification criteria (decision 018). */
import type { ErrorDefinition } from './definition.ts';

export const nohlCriteriaErrors = {
  NOHL_CRITERIA_MAIN_PORTAL_ONLY: {
    status: 403,
    message:
      'Die Einstufungskriterien gelten für die ganze Installation und können nur im Hauptportal geändert werden.',
  },
} as const satisfies Record<string, ErrorDefinition>;

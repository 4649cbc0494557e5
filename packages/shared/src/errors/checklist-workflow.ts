/** Workflow, notifications, printer settings and the e-mail dialog of checklists (decision 066). */
import type { ErrorDefinition } from './definition.ts';

export const checklistWorkflowErrors = {
  CHECKLIST_MAIL_ADDRESS_INVALID: {
    status: 400,
    message: 'Eine eingegebene E-Mail-Adresse ist ungültig. Bitte korrigieren Sie die Adresse.',
  },
  CHECKLIST_MAIL_ADDRESS_DUPLICATE: {
    status: 400,
    message: 'Eine E-Mail-Adresse ist doppelt eingetragen. Bitte entfernen Sie die doppelte Adresse.',
  },
  CHECKLIST_RECIPIENT_UNKNOWN: {
    status: 400,
    message:
      'Ein gewählter Empfänger oder Freigebender ist in Ihrem Portal nicht vorhanden. Bitte wählen Sie erneut aus.',
  },
  CHECKLIST_NEXT_UNKNOWN: {
    status: 400,
    message:
      'Die nächste Checkliste ist in Ihrem Portal nicht vorhanden oder ist diese Checkliste selbst. Bitte wählen Sie eine andere.',
  },
  CHECKLIST_APPROVED: {
    status: 409,
    message: 'Die Checkliste ist freigegeben; ihre Antworten können nicht mehr geändert werden.',
  },
  CHECKLIST_NOT_SUBMITTED: {
    status: 409,
    message:
      'Die Checkliste wartet nicht auf eine Freigabe. Sie muss erst abgeschlossen werden. Bitte laden Sie die Seite neu.',
  },
  CHECKLIST_NOT_APPROVER: {
    status: 403,
    message:
      'Nur die in den Workflow-Einstellungen eingetragenen Personen dürfen diese Checkliste freigeben.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Texts of the checklist mails and print that are not error codes. */
export const checklistWorkflowMessages = {
  mailItems: (label: string, state: string) => `Checkliste: ${label}\nStand: ${state}`,
  stateDone: 'abgeschlossen',
  stateApproved: 'freigegeben',
  stateRejected: (comment: string) => `abgelehnt – ${comment}`,
  stateSubmitted: 'abgeschlossen, wartet auf Ihre Freigabe',
  limitItem: (alias: string, value: string, limit: string) =>
    `${alias}: ${value} (Grenzwert ${limit} überschritten)`,
  printApproval: (state: string, by: string) => `Freigabe: ${state}${by ? ` (${by})` : ''}`,
  approvalLabels: {
    submitted: 'wartet auf Freigabe',
    approved: 'freigegeben',
    rejected: 'abgelehnt',
  } as Record<string, string>,
  printDrawing: 'Zeichnung:',
};

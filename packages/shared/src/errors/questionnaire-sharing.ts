/** Questionnaires: collection links, segment rights and the print (decision 067). */
import type { ErrorDefinition } from './definition.ts';

export const questionnaireSharingErrors = {
  COLLECTION_LINK_NOT_FOUND: {
    status: 404,
    message: 'Die versendete Sammlung wurde nicht gefunden.',
  },
  COLLECTION_LINK_EXISTS: {
    status: 409,
    message: 'Dieses Segment wurde der Person bereits gesendet und ist noch nicht erledigt oder abgelehnt.',
  },
  COLLECTION_LINK_SEGMENT_NOT_FOUND: {
    status: 404,
    message: 'Das Segment wurde im Fragebogen nicht gefunden. Bitte laden Sie den Fragebogen neu.',
  },
  COLLECTION_LINK_NOT_RECIPIENT: {
    status: 403,
    message: 'Nur die Person, der die Sammlung gesendet wurde, kann ihren Status ändern.',
  },
  COLLECTION_LINK_STATUS_INVALID: {
    status: 409,
    message:
      'Dieser Statuswechsel ist nicht möglich. Eine Sammlung wird geöffnet, bearbeitet und dann abgelehnt oder erledigt.',
  },
  COLLECTION_LINK_REASON_MISSING: {
    status: 400,
    message: 'Bitte geben Sie einen Grund für die Ablehnung an.',
  },
  QUESTIONNAIRE_SEGMENT_READ_ONLY: {
    status: 403,
    message: 'Sie dürfen dieses Segment des Fragebogens nur ansehen, nicht ausfüllen.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Texts of the questionnaire print and segment rights that are not error codes. */
export const questionnaireSharingMessages = {
  rightGone: 'Ein Mitarbeiter, eine Rolle oder ein Ort der Segmentrechte wurde nicht gefunden.',
  printTitle: (title: string) => `Fragebogen: ${title}`,
  printFile: (title: string) =>
    `Fragebogen ${title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'Druck'}.pdf`,
  printType: 'Fragebogentyp',
  printStatus: 'Status',
  statusLabels: { open: 'Offen', done: 'Abgeschlossen' } as Record<string, string>,
  printProgress: (progress: number, done: boolean) =>
    `Fortschritt ${progress} %${done ? ' · abgeschlossen' : ''}`,
  printNoSegments: 'Keine Segmente, die Sie sehen dürfen.',
  printLinks: 'Versendet an',
  linkStatusLabels: {
    sent: 'gesendet',
    opened: 'geöffnet',
    in_progress: 'in Bearbeitung',
    rejected: 'abgelehnt',
    done: 'erledigt',
  } as Record<string, string>,
  /** The list of a collection link mail (decision 070). */
  mailItems: (questionnaire: string, segment: string, sender: string) =>
    `Fragebogen: ${questionnaire}\nSammlung: ${segment}\nGesendet von: ${sender}`,
  mailRecipient: (recipient: string) => `Empfänger: ${recipient}`,
  noAnswer: '–',
  yes: 'Ja',
  no: 'Nein',
};

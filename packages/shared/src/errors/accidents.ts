/** Accident reports and the first-aid book (decision 047). */
import type { ErrorDefinition } from './definition.ts';

export const accidentsErrors = {
  ACCIDENT_EMPLOYEE_REQUIRED: {
    status: 400,
    message:
      'Bitte wählen Sie die verletzte Person aus oder geben Sie bei externen Personen Name und Firma an.',
  },
  ACCIDENT_LOCATION_REQUIRED: { status: 400, message: 'Bitte wählen Sie den Ort des Ereignisses.' },
  ACCIDENT_LOCATION_INVALID: {
    status: 400,
    message: 'Den gewählten Ort oder die Abteilung gibt es in Ihrem Portal nicht. Bitte wählen Sie erneut.',
  },
  ACCIDENT_EMPLOYEE_INVALID: {
    status: 400,
    message: 'Die gewählte Person gibt es in Ihrem Portal nicht. Bitte wählen Sie erneut.',
  },
  ACCIDENT_INJURY_CATEGORY_REQUIRED: {
    status: 400,
    message: 'Bitte wählen Sie eine Verletzungskategorie.',
  },
  ACCIDENT_TIME_IN_FUTURE: {
    status: 400,
    message:
      'Sie haben für das Unfallereignis einen Zeitpunkt in der Zukunft gewählt. Bitte prüfen Sie den Zeitpunkt oder bestätigen Sie ihn.',
  },
  ACCIDENT_DUPLICATE: {
    status: 409,
    message:
      'Für diese Person gibt es an diesem Tag bereits eine Unfallmeldung. Bitte öffnen Sie die vorhandene Meldung.',
  },
  ACCIDENT_STATUS_INACTIVE: {
    status: 409,
    message: 'Die Unfallmeldung ist inaktiv/storniert und kann nicht mehr geändert werden.',
  },
  ACCIDENT_STATUS_NOT_REPORTABLE: {
    status: 409,
    message:
      'Nur eine meldepflichtige Unfallmeldung kann an die Unfallversicherung gesendet werden. Bitte setzen Sie zuerst „meldepflichtig“.',
  },
  ACCIDENT_HEALTH_DATA_FORBIDDEN: {
    status: 403,
    message: 'Sie haben keine Berechtigung, Gesundheitsdaten zu lesen oder zu ändern.',
  },
  ACCIDENT_ABSENCE_ORDER: {
    status: 400,
    message:
      'Die Angaben zum Ausfall passen nicht zusammen: Ende der Tätigkeit, Wiederaufnahme und „krank bis“ dürfen nicht vor dem Unfall liegen, die Wiederaufnahme nicht vor dem Ende der Tätigkeit.',
  },
  ACCIDENT_NOTICE_NOT_DUE: {
    status: 409,
    message:
      'Eine Unfallanzeige ist nur bei mehr als drei Tagen Arbeitsunfähigkeit oder einem tödlichen Unfall nötig.',
  },
  ACCIDENT_NOTICE_INCOMPLETE: {
    status: 400,
    message: 'Für die Unfallanzeige fehlen noch Angaben. Bitte ergänzen Sie die markierten Felder.',
  },
  ACCIDENT_NOTICE_ALREADY_SENT: {
    status: 409,
    message: 'Die Unfallanzeige wurde bereits gesendet.',
  },
  ACCIDENT_CHECKLIST_INVALID: {
    status: 400,
    message:
      'Die gewählte Checkliste gibt es nicht, sie ist inaktiv oder nicht für Unfallmeldungen bestimmt. Bitte wählen Sie erneut.',
  },
  INJURY_CATEGORY_INVALID: {
    status: 400,
    message: 'Die gewählte Verletzungskategorie gibt es nicht oder sie ist inaktiv. Bitte wählen Sie erneut.',
  },
  INJURY_CATEGORY_NOT_FOUND: { status: 404, message: 'Die Verletzungskategorie wurde nicht gefunden.' },
  INJURY_CATEGORY_IN_USE: {
    status: 409,
    message:
      'Die Verletzungskategorie wird in Unfallmeldungen verwendet oder ist fest eingebaut und kann nur inaktiv gesetzt werden.',
  },
  INJURY_CATEGORY_DUPLICATE: {
    status: 409,
    message: 'Eine Verletzungskategorie mit dieser Bezeichnung gibt es bereits.',
  },
  FIRST_AID_PERSON_REQUIRED: {
    status: 400,
    message: 'Bitte wählen Sie die verletzte Person aus oder geben Sie ihren Namen an.',
  },
  FIRST_AID_TIME_IN_FUTURE: {
    status: 400,
    message: 'Der Zeitpunkt liegt in der Zukunft. Bitte geben Sie den Zeitpunkt der Verletzung an.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Specific texts of accident reports (field messages and texts that name a value). */
export const accidentsMessages = {
  fieldEmployee: 'Bitte wählen Sie eine Person aus oder geben Sie eine externe Person an.',
  fieldExternalName: 'Bitte geben Sie den Namen der externen Person an.',
  fieldExternalCompany: 'Bitte geben Sie die Firma der externen Person an.',
  fieldLocation: 'Bitte wählen Sie einen Ort.',
  fieldInjuryCategory: 'Bitte wählen Sie eine Verletzungskategorie.',
  fieldFuture: 'Sie haben für das Unfallereignis einen Zeitpunkt in der Zukunft gewählt.',
  fieldFirstAidFuture: 'Der Zeitpunkt liegt in der Zukunft.',
  fieldPerson: 'Bitte wählen Sie eine Person aus oder geben Sie einen Namen an.',
  duplicate: (date: string) =>
    `Für diese Person gibt es am ${date} bereits eine Unfallmeldung. Bitte öffnen Sie die vorhandene Meldung.`,
  /** The marker appended to the comment when a report is set inactive. */
  inactiveMarker: (at: string, by: string, reason: string) =>
    `[Inaktiv gesetzt am ${at} von ${by}${reason ? `: ${reason}` : ''}]`,
  /** The lines of the mail on a filed report (no health data). */
  mailItems: (event: string, at: string, location: string, person: string) =>
    `Ereignis: ${event}\nZeitpunkt: ${at}\nOrt: ${location}\nBetroffene Person: ${person}`,
  unknownPerson: 'unbekannt',
  /** The lines a status-change mail adds (German status labels; the reason only when set inactive). */
  mailStatusItems: (from: string, to: string, reason: string | null) =>
    `Bisheriger Status: ${from}\nNeuer Status: ${to}${reason === null ? '' : `\nGrund: ${reason || 'ohne Angabe'}`}`,
  fieldAbsenceOrder: 'Dieser Zeitpunkt liegt vor dem Unfall oder vor dem Ende der Tätigkeit.',
  fieldNoticeRequired: 'Diese Angabe ist für die Unfallanzeige nötig.',
  /** The title of the task that holds the three-day deadline of the notice. */
  /** An accident report as the source of investigation measures (actions, decision 056). */
  actionSource: (id: number, date: string, location: string) =>
    `Unfallmeldung Nr. ${id} vom ${date}${location ? ` – ${location}` : ''}`,
  /** The comment of the deadline task when the notice was sent. */
  noticeTaskDone: 'Unfallanzeige gesendet',
  fieldInjuryCategoryDuplicate: 'Diese Bezeichnung gibt es bereits.',
  fieldChecklist: 'Bitte wählen Sie eine aktive Checkliste für Unfallmeldungen.',
  fieldInjuryCategoryInactive: 'Diese Verletzungskategorie ist inaktiv. Bitte wählen Sie eine andere.',
  noticeTask: (date: string) => `Unfallanzeige an die Unfallversicherung senden (Frist ${date})`,
} as const;

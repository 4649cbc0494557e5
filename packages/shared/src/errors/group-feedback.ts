/** Group feedback (Gruppenrückmeldung, decision 069): the request's rules and the lines of the error report. */
import type { ErrorDefinition } from './definition.ts';

export const groupFeedbackErrors = {
  GROUP_FEEDBACK_EMPTY: {
    status: 400,
    message: 'Bitte wählen Sie mindestens eine Unterweisung und mindestens einen Mitarbeiter.',
  },
  GROUP_FEEDBACK_COMPANY_WIDE: {
    status: 400,
    message:
      'Eine Gruppenrückmeldung für das ganze Unternehmen ist nicht möglich. Bitte wählen Sie eine Unterabteilung.',
  },
  GROUP_FEEDBACK_CHAINED_TOPIC: {
    status: 400,
    message: 'Für verkettete Unterweisungen ist keine Gruppenrückmeldung möglich.',
  },
  GROUP_FEEDBACK_ONE_CHECKUP: {
    status: 400,
    message: 'Arbeitsmedizinische Vorsorgen können nur einzeln zurückgemeldet werden.',
  },
  GROUP_FEEDBACK_EXTERNAL_INCOMPLETE: {
    status: 400,
    message: 'Bitte füllen Sie für jeden neuen externen Mitarbeiter alle Pflichtfelder aus.',
  },
  GROUP_FEEDBACK_DATE_IN_FUTURE: {
    status: 400,
    message: 'Das Datum der Unterweisung darf nicht in der Zukunft liegen.',
  },
  GROUP_FEEDBACK_TOPIC_INVALID: {
    status: 400,
    message: 'Eine der gewählten Unterweisungen gibt es in Ihrem Portal nicht oder sie ist inaktiv.',
  },
  GROUP_FEEDBACK_EMPLOYEE_INVALID: {
    status: 400,
    message: 'Diesen Mitarbeiter gibt es in Ihrem Portal nicht oder er ist inaktiv.',
  },
  GROUP_FEEDBACK_NOT_RESPONSIBLE: {
    status: 403,
    message: 'Sie sind für die Abteilung dieses Mitarbeiters nicht verantwortlich.',
  },
  GROUP_FEEDBACK_NO_LOCATION_RIGHTS: {
    status: 403,
    message: 'Sie haben keine Ortsrechte für den Standort dieses Mitarbeiters.',
  },
  GROUP_FEEDBACK_EXTERNAL_NOT_PERMITTED: {
    status: 403,
    message: 'Ihnen fehlt das Recht, Unterweisungen externer Mitarbeiter auszuwerten.',
  },
  GROUP_FEEDBACK_PERSONNEL_NUMBER_TAKEN: {
    status: 409,
    message: 'Diese Personalnummer ist bereits vergeben.',
  },
  GROUP_FEEDBACK_APPOINTMENT_BOOKED: {
    status: 409,
    message: 'Für diese Unterweisung ist ein Termin gebucht. Bitte bestätigen Sie sie über den Termin.',
  },
  GROUP_FEEDBACK_ALREADY_CONFIRMED: {
    status: 409,
    message: 'Diese Unterweisung wurde für diesen Mitarbeiter an diesem Tag bereits zurückgemeldet.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Texts that name a value. */
export const groupFeedbackMessages = {
  fieldRequired: 'Pflichtfeld.',
  notResponsibleForDepartment: 'Sie sind für diese Abteilung nicht verantwortlich.',
  personnelNumberTwice: 'Diese Personalnummer steht mehrfach in der Liste der neuen externen Mitarbeiter.',
} as const;

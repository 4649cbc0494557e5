/** Occupational-medical precaution (decision 057). */
import type { ErrorDefinition } from './definition.ts';

export const occupationalMedicineErrors = {
  PRECAUTION_CATALOGUE_NOT_FOUND: { status: 404, message: 'Der Eintrag wurde nicht gefunden.' },
  PRECAUTION_CATALOGUE_DUPLICATE: { status: 409, message: 'Eintrag existiert bereits.' },
  PRECAUTION_CATALOGUE_IN_USE: {
    status: 409,
    message: 'Der Eintrag wird in Vorsorgen verwendet und kann nur inaktiv gesetzt werden.',
  },
  PRECAUTION_NOT_FOUND: { status: 404, message: 'Die Zuordnung wurde nicht gefunden.' },
  PRECAUTION_EMPLOYEE_NOT_FOUND: {
    status: 400,
    message: 'Der Mitarbeiter wurde nicht gefunden. Bitte wählen Sie erneut.',
  },
  PRECAUTION_REFERENCE_INVALID: {
    status: 400,
    message: 'Den gewählten Eintrag gibt es nicht oder er ist inaktiv. Bitte wählen Sie erneut.',
  },
  PRECAUTION_ACTIVITY_NOT_ASSIGNED: {
    status: 400,
    message:
      'Der Mitarbeiter übt die gewählte Tätigkeit nicht aus. Bitte wählen Sie eine seiner Tätigkeiten.',
  },
  PRECAUTION_CHECKUP_IN_FUTURE: {
    status: 400,
    message:
      'Das Datum der Vorsorge liegt in der Zukunft. Bitte geben Sie das Datum an, an dem sie stattfand.',
  },
  PRECAUTION_NOT_AN_OFFER: {
    status: 409,
    message: 'Nur eine Angebotsvorsorge kann bestätigt werden.',
  },
  PRECAUTION_ALREADY_APPROVED: { status: 409, message: 'Die Angebotsvorsorge wurde bereits bestätigt.' },
  PRECAUTION_WRONG_PASSWORD: {
    status: 400,
    message: 'Das Kennwort ist falsch. Bitte versuchen Sie es erneut.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Field messages of occupational-medical precaution. */
export const occupationalMedicineMessages = {
  fieldDuplicate: 'Eintrag existiert bereits.',
  fieldReference: 'Den gewählten Eintrag gibt es nicht oder er ist inaktiv.',
  fieldActivity: 'Der Mitarbeiter übt diese Tätigkeit nicht aus.',
  fieldFuture: 'Das Datum liegt in der Zukunft.',
  fieldPassword: 'Das Kennwort ist falsch.',
} as const;

/** The works doctor (Betriebsarzt, decision 063). The spec names the two login messages without a German text. */
import type { ErrorDefinition } from './definition.ts';

export const worksDoctorErrors = {
  WORKS_DOCTOR_LOGIN_INVALID: {
    status: 403,
    message:
      'Ungültige Betriebsarzt-Anmeldung: Dieses Konto ist nicht als Betriebsarzt mit einer durchführenden Stelle eingerichtet oder die Anmeldung ist nicht erlaubt.',
  },
  WORKS_DOCTOR_MODULE_UNAVAILABLE: {
    status: 403,
    message: 'Das Betriebsarzt-Modul ist nicht verfügbar. Bitte wenden Sie sich an Ihren Administrator.',
  },
  WORKS_DOCTOR_NOT_FOUND: { status: 404, message: 'Der Betriebsarzt wurde nicht gefunden.' },
  WORKS_DOCTOR_DUPLICATE: {
    status: 409,
    message: 'Dieser Mitarbeiter ist bereits als Betriebsarzt eingetragen.',
  },
  WORKS_DOCTOR_EMPLOYEE_NOT_FOUND: {
    status: 404,
    message: 'Der Mitarbeiter wurde nicht gefunden oder gehört nicht zu Ihren durchführenden Stellen.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Field messages of the works doctor administration. */
export const worksDoctorMessages = {
  fieldDuplicate: 'Bereits als Betriebsarzt eingetragen.',
  fieldEmployee: 'Der Mitarbeiter wurde nicht gefunden. Bitte wählen Sie erneut.',
  fieldBodies: 'Die gewählte durchführende Stelle gibt es nicht oder sie ist inaktiv.',
  appointmentRange: (days: number) => `Höchstens ${days} Tage ab „von“.`,
} as const;

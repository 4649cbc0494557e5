/** Settings (decision 014). */
import type { ErrorDefinition } from './definition.ts';

export const settingsErrors = {
  SETTINGS_MAIN_PORTAL_ONLY: {
    status: 403,
    message:
      'Diese Einstellungen gelten für die ganze Installation und können nur im Hauptportal geändert werden.',
  },
  SETTINGS_SECRET_NOT_BOUND: {
    status: 409,
    message:
      'Das gespeicherte Passwort wurde für andere Verbindungsdaten (Server, Port, Verschlüsselung oder Benutzer) eingegeben und wird deshalb nicht verwendet. Bitte geben Sie es in den Einstellungen erneut ein.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const settingsMessages = {
  categoryUnknown: 'Diese Einstellungen gibt es nicht.',
} as const;

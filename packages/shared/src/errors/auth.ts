/** Sign-in, sessions, passwords (policy, first login, lost password, reset by an administrator) and single sign-on. */
import type { ErrorDefinition } from './definition.ts';

export const authErrors = {
  USERNAME_NOT_FOUND: {
    status: 404,
    message: 'Der Benutzername ist nicht bekannt. Bitte prüfen Sie Ihre Eingabe.',
  },
  WRONG_PASSWORD: {
    status: 400,
    message: 'Das Passwort ist falsch. Bitte geben Sie es erneut ein.',
  },
  USER_INACTIVE: {
    status: 403,
    message: 'Ihr Benutzerkonto ist deaktiviert. Bitte wenden Sie sich an Ihre Administration.',
  },
  OFFLINE_HASH_NOT_FOUND: {
    status: 404,
    message:
      'Die Offline-Daten wurden nicht gefunden. Bitte synchronisieren Sie erneut, solange Sie online sind.',
  },
  /** Login failure; the text is quoted from the spec. Same answer for unknown user and wrong password. */
  INVALID_CREDENTIALS: { status: 401, message: 'Kein aktiver Benutzer oder Kennwort falsch!' },
  PASSWORD_WRONG: {
    status: 400,
    message: 'Das aktuelle Passwort ist falsch. Bitte geben Sie es erneut ein.',
  },
  PASSWORD_SAME: {
    status: 400,
    message: 'Das neue Passwort muss sich vom aktuellen Passwort unterscheiden.',
  },
  PASSWORD_POLICY_VIOLATION: {
    status: 400,
    message:
      'Das neue Passwort erfüllt die Passwortrichtlinie nicht. Bitte beachten Sie die angezeigten Anforderungen.',
  },
  SSO_NOT_CONFIGURED: {
    status: 404,
    message:
      'Die Anmeldung über Single Sign-on ist nicht eingerichtet. Bitte melden Sie sich mit Benutzername und Passwort an.',
  },
  SSO_PROVIDER_UNAVAILABLE: {
    status: 502,
    message:
      'Der Identitätsanbieter ist nicht erreichbar. Bitte versuchen Sie es später erneut oder melden Sie sich mit Benutzername und Passwort an.',
  },
  SSO_LOGIN_EXPIRED: {
    status: 400,
    message:
      'Die Anmeldung über Single Sign-on ist abgelaufen oder wurde bereits verwendet. Bitte starten Sie die Anmeldung erneut.',
  },
  SSO_FAILED: {
    status: 400,
    message:
      'Die Anmeldung über Single Sign-on ist fehlgeschlagen: Die Antwort des Identitätsanbieters ist ungültig. Bitte versuchen Sie es erneut.',
  },
  SSO_UNKNOWN_USER: {
    status: 403,
    message:
      'Zu Ihrem Firmenkonto gibt es keinen Benutzer in Schutzwerk. Bitte wenden Sie sich an Ihre Administration.',
  },
  SSO_USER_AMBIGUOUS: {
    status: 409,
    message:
      'Ihr Firmenkonto passt zu mehreren Benutzern in Schutzwerk und kann nicht eindeutig zugeordnet werden. Bitte wenden Sie sich an Ihre Administration.',
  },
  PASSWORD_CHANGE_REQUIRED: {
    status: 403,
    message: 'Bitte vergeben Sie zuerst ein neues Passwort.',
  },
  PASSWORD_MISMATCH: { status: 400, message: 'Die Passwörter stimmen nicht überein!' },
  FIRST_LOGIN_NOT_REQUIRED: {
    status: 409,
    message: 'Ihre Anmeldedaten sind bereits vollständig. Bitte laden Sie die Seite neu.',
  },
  LOST_PASSWORD_TOO_MANY: {
    status: 429,
    message:
      'Zu viele Anfragen für ein neues Passwort. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
  },
  PASSWORD_RESET_OWN: {
    status: 400,
    message: 'Ihr eigenes Passwort ändern Sie über „Passwort ändern“.',
  },
  PASSWORD_RESET_INACTIVE: {
    status: 409,
    message:
      'Der Mitarbeiter ist inaktiv. Aktivieren Sie ihn zuerst, dann können Sie sein Passwort zurücksetzen.',
  },
  PASSWORD_RESET_NO_LOGIN: {
    status: 409,
    message: 'Der Mitarbeiter hat keinen Benutzernamen. Bitte tragen Sie zuerst einen Benutzernamen ein.',
  },
  PASSWORD_RESET_NO_MAIL: {
    status: 409,
    message:
      'Für den Mitarbeiter ist keine E-Mail-Adresse hinterlegt. Bitte übergeben Sie das Passwort persönlich.',
  },
  PASSWORD_RESET_MORE_RIGHTS: {
    status: 403,
    message:
      'Dieser Mitarbeiter hat Rechte, die Sie selbst nicht haben. Sein Passwort können Sie nicht zurücksetzen.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const authMessages = {
  ssoPasswordAtProvider:
    'Bei Anmeldung über Single Sign-on wird das Kennwort beim Identitätsanbieter geändert.',
  fieldPasswordsDiffer: 'Die Passwörter stimmen nicht überein!',
  tooManyFailedSignIns: (minutes: number) =>
    `Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} und versuchen Sie es dann erneut.`,
} as const;

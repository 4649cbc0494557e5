/** Roles and the last administrator. */
import type { ErrorDefinition } from './definition.ts';

export const rolesErrors = {
  LAST_ADMINISTRATOR: {
    status: 409,
    message:
      'Diese Änderung würde dem letzten aktiven Mitarbeiter das Recht „Administrator (alle Rechte)“ nehmen. Mindestens ein aktiver Administrator muss erhalten bleiben.',
  },
  ROLE_NAME_EXISTS: {
    status: 409,
    message: 'Eine Rolle mit diesem Namen gibt es bereits. Bitte wählen Sie einen anderen Namen.',
  },
  ROLE_IN_USE: {
    status: 409,
    message:
      'Die Rolle ist noch Mitarbeitern zugeordnet und kann daher nicht gelöscht werden. Bitte entfernen Sie zuerst alle Zuordnungen.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const rolesMessages = {
  grantOwnRightsOnly: (labels: readonly string[]) =>
    `Sie können nur Rechte vergeben oder entziehen, die Sie selbst besitzen (betrifft: ${labels.join(', ')}).`,
  notFound: 'Die Rolle wurde nicht gefunden.',
  nameExists: (name: string) =>
    `Eine Rolle mit dem Namen „${name}“ gibt es bereits. Bitte wählen Sie einen anderen Namen.`,
  inUse: (name: string, members: number) =>
    `Die Rolle „${name}“ ist noch ${members === 1 ? 'einem Mitarbeiter' : `${members} Mitarbeitern`} zugewiesen und kann nicht gelöscht werden. Bitte entfernen Sie zuerst die Zuweisungen.`,
  employeesNotFound: (ids: readonly number[]) => `Mitarbeiter nicht gefunden: ${ids.join(', ')}.`,
  memberNotFound: 'Der Mitarbeiter hat diese Rolle nicht.',
} as const;

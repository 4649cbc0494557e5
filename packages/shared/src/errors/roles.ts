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

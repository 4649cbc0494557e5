/** Activity tree: activities and roles (spec and decision 007). */
import type { ErrorDefinition } from './definition.ts';

export const activitiesErrors = {
  ACTIVITY_IS_A_ROLE: {
    status: 409,
    message:
      'Diese Eigenschaft ist eine Rolle. Rollen können keine Untereinträge haben und hier nicht verwendet werden.',
  },
  ACTIVITY_IS_NOT_A_ROLE: {
    status: 409,
    message: 'Diese Eigenschaft ist keine Rolle. Bitte wählen Sie eine Rolle aus.',
  },
  PARENT_IS_RECURSIVE: {
    status: 400,
    message:
      'Ein Eintrag kann nicht sich selbst oder einem seiner Untereinträge untergeordnet werden. Bitte wählen Sie ein anderes Ziel.',
  },
  ACTIVITY_IS_SYSTEM: {
    status: 409,
    message:
      'Diese Eigenschaft ist ein Systemeintrag. Systemeinträge können keine Untereinträge haben und nicht gelöscht werden.',
  },
  ACTIVITY_HAS_CHILDREN: {
    status: 409,
    message:
      'Die Eigenschaft hat noch Untereinträge und kann nicht gelöscht werden. Bitte löschen oder verschieben Sie zuerst die Untereinträge.',
  },
  ACTIVITY_IN_USE: {
    status: 409,
    message:
      'Die Eigenschaft ist noch Mitarbeitern zugeordnet und kann nicht gelöscht werden. Bitte entfernen Sie zuerst die Zuordnungen.',
  },
  ACTIVITY_IS_ROLE_BASE: {
    status: 409,
    message:
      'Der Rollen-Basisknoten kann nicht gelöscht werden. Änderungen am Rollen-Basisbaum sind nur über den Support möglich.',
  },
  ACTIVITY_ROLE_BASE_ALREADY_SET: {
    status: 409,
    message:
      'Der Rollen-Basisbaum ist bereits festgelegt und kann nur einmal gesetzt werden. Änderungen sind nur über den Support möglich.',
  },
  ACTIVITY_NAME_EXISTS: {
    status: 409,
    message:
      'Auf dieser Ebene gibt es bereits eine Eigenschaft mit diesem Namen. Bitte wählen Sie einen anderen Namen.',
  },
  ACTIVITY_DESIGNATION_EXISTS: {
    status: 409,
    message:
      'Diese Bezeichnung ist bereits einer anderen Eigenschaft zugeordnet. Jede Bezeichnung darf im Portal nur einmal vorkommen.',
  },
} as const satisfies Record<string, ErrorDefinition>;

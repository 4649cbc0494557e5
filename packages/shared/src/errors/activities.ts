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

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
const q = (name: string) => `„${name}“`;

export const activitiesMessages = {
  notFound: 'Die Eigenschaft wurde nicht gefunden.',
  systemNoChildren: (name: string, what: 'create' | 'move') =>
    `${q(name)} ist ein Systemeintrag. Unter Systemeinträgen können keine Einträge ${what === 'create' ? 'angelegt' : 'verschoben'} werden.`,
  roleNoChildren: (name: string, what: 'create' | 'move') =>
    `${q(name)} ist eine Rolle. Unter Rollen können keine Einträge ${what === 'create' ? 'angelegt' : 'verschoben'} werden.`,
  nameExists: (name: string) =>
    `Auf dieser Ebene gibt es bereits eine Eigenschaft ${q(name)}. Bitte wählen Sie einen anderen Namen.`,
  designationExists: (designation: string, activity: string) =>
    `Die Bezeichnung ${q(designation)} ist bereits der Eigenschaft ${q(activity)} zugeordnet. Jede Bezeichnung darf im Portal nur einmal vorkommen.`,
  fieldDesignationTaken: (designation: string) => `Bereits vergeben: ${designation}`,
  roleBaseNotMovable:
    'Der Rollen-Basisknoten kann nicht verschoben werden. Änderungen am Rollen-Basisbaum sind nur über den Support möglich.',
  recursive: (name: string) =>
    `${q(name)} kann nicht sich selbst oder einem seiner Untereinträge untergeordnet werden. Bitte wählen Sie ein anderes Ziel.`,
  systemCannotBeRole: (name: string) => `${q(name)} ist ein Systemeintrag und kann keine Rolle werden.`,
  rolesHaveNoChildren: (target: string, name: string) =>
    `Unter ${q(target)} stehen Rollen, und Rollen können keine Untereinträge haben. ${q(name)} hat Untereinträge und kann daher nicht dorthin verschoben werden.`,
  systemNotDeletable: (name: string) => `${q(name)} ist ein Systemeintrag und kann nicht gelöscht werden.`,
  hasChildren: (name: string, count: number) =>
    `${q(name)} hat noch ${count === 1 ? 'einen Untereintrag' : `${count} Untereinträge`} und kann nicht gelöscht werden. Bitte löschen oder verschieben Sie zuerst die Untereinträge.`,
  inUse: (name: string, count: number) =>
    `${q(name)} ist noch ${count === 1 ? 'einem Mitarbeiter' : `${count} Mitarbeitern`} zugeordnet und kann nicht gelöscht werden. Bitte entfernen Sie zuerst die Zuordnungen.`,
  systemCannotBeRoleBase: (name: string) =>
    `${q(name)} ist ein Systemeintrag und kann nicht Rollen-Basisknoten werden.`,
  childWouldBeSystemRole: (name: string, child: string) =>
    `Die Untereinträge von ${q(name)} würden Rollen; ${q(child)} ist ein Systemeintrag und kann keine Rolle werden.`,
  childWouldBeRoleWithChildren: (name: string, child: string) =>
    `Die Untereinträge von ${q(name)} würden Rollen, und Rollen können keine Untereinträge haben. ${q(child)} hat Untereinträge.`,
  activitiesNotFound: (ids: readonly number[]) =>
    `Eigenschaften nicht gefunden: ${ids.join(', ')}. Möglicherweise wurden sie inzwischen gelöscht.`,
  notRoles: (names: readonly string[]) =>
    `${names.map(q).join(', ')} ${names.length === 1 ? 'ist keine Rolle' : 'sind keine Rollen'}. Bitte wählen Sie unter „Rollen“ nur Rollen aus.`,
  fieldNotARole: 'Keine Rolle',
  areRoles: (names: readonly string[]) =>
    `${names.map(q).join(', ')} ${names.length === 1 ? 'ist eine Rolle' : 'sind Rollen'}. Bitte ordnen Sie Rollen unter „Rollen“ zu.`,
  fieldIsARole: 'Rolle',
} as const;

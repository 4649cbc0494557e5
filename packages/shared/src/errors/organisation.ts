/** Organisation trees: locations and departments (decision 006). */
import type { ErrorDefinition } from './definition.ts';

export const organisationErrors = {
  /** Deleting a location or department that still has entries below it. */
  TREE_NODE_HAS_CHILDREN: {
    status: 409,
    message:
      'Der Eintrag hat noch Untereinträge und kann nicht gelöscht werden. Bitte löschen oder verschieben Sie zuerst die Untereinträge.',
  },
  /** Deleting a location or department that employees are still assigned to. */
  TREE_NODE_IN_USE: {
    status: 409,
    message:
      'Dem Eintrag sind noch Mitarbeiter zugeordnet; er kann nicht gelöscht werden. Bitte ordnen Sie die Mitarbeiter zuerst einem anderen Eintrag zu.',
  },
  /** Two siblings with the same name (after create, rename or move). */
  TREE_NAME_EXISTS: {
    status: 409,
    message:
      'Auf dieser Ebene gibt es bereits einen Eintrag mit diesem Namen. Bitte wählen Sie einen anderen Namen.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const organisationMessages = {
  location: {
    notFound: 'Der Ort wurde nicht gefunden. Möglicherweise wurde er inzwischen gelöscht.',
    targetNotFound: 'Der gewählte übergeordnete Ort wurde nicht gefunden.',
    outOfScope: (name: string) =>
      `Der Ort „${name}“ gehört nicht zu Ihren Orten. Sie können ihn nur ansehen, nicht ändern.`,
    rootNeedsAll:
      'Orte auf oberster Ebene kann nur anlegen oder dorthin verschieben, wer alle Orte sehen darf (Recht „Alle Orte sehen“).',
    hasChildren: (name: string, n: number) =>
      `Der Ort „${name}“ hat noch ${n === 1 ? 'einen Unterort' : `${n} Unterorte`} und kann nicht gelöscht werden. Bitte löschen oder verschieben Sie zuerst die Unterorte.`,
    inUse: (name: string, n: number) =>
      `Dem Ort „${name}“ ${n === 1 ? 'ist noch ein Mitarbeiter' : `sind noch ${n} Mitarbeiter`} zugeordnet; er kann nicht gelöscht werden. Bitte ordnen Sie die Mitarbeiter zuerst einem anderen Ort zu.`,
    referenced: (name: string) =>
      `Der Ort „${name}“ wird noch an anderer Stelle verwendet und kann nicht gelöscht werden. Bitte entfernen Sie zuerst die Verknüpfungen.`,
    nameExists: (name: string) =>
      `Auf dieser Ebene gibt es bereits einen Ort mit dem Namen „${name}“. Bitte wählen Sie einen anderen Namen.`,
    recursive: (name: string) =>
      `Der Ort „${name}“ kann nicht sich selbst oder einem seiner Unterorte untergeordnet werden. Bitte wählen Sie ein anderes Ziel.`,
  },
  department: {
    notFound: 'Die Abteilung wurde nicht gefunden. Möglicherweise wurde sie inzwischen gelöscht.',
    targetNotFound: 'Die gewählte übergeordnete Abteilung wurde nicht gefunden.',
    outOfScope: (name: string) =>
      `Die Abteilung „${name}“ gehört nicht zu Ihren Abteilungen. Sie können sie nur ansehen, nicht ändern.`,
    rootNeedsAll:
      'Abteilungen auf oberster Ebene kann nur anlegen oder dorthin verschieben, wer alle Abteilungen sehen darf (Recht „Alle Abteilungen sehen“).',
    hasChildren: (name: string, n: number) =>
      `Die Abteilung „${name}“ hat noch ${n === 1 ? 'eine Unterabteilung' : `${n} Unterabteilungen`} und kann nicht gelöscht werden. Bitte löschen oder verschieben Sie zuerst die Unterabteilungen.`,
    inUse: (name: string, n: number) =>
      `Der Abteilung „${name}“ ${n === 1 ? 'ist noch ein Mitarbeiter' : `sind noch ${n} Mitarbeiter`} zugeordnet; sie kann nicht gelöscht werden. Bitte ordnen Sie die Mitarbeiter zuerst einer anderen Abteilung zu.`,
    referenced: (name: string) =>
      `Die Abteilung „${name}“ wird noch an anderer Stelle verwendet und kann nicht gelöscht werden. Bitte entfernen Sie zuerst die Verknüpfungen.`,
    nameExists: (name: string) =>
      `Auf dieser Ebene gibt es bereits eine Abteilung mit dem Namen „${name}“. Bitte wählen Sie einen anderen Namen.`,
    recursive: (name: string) =>
      `Die Abteilung „${name}“ kann nicht sich selbst oder einer ihrer Unterabteilungen untergeordnet werden. Bitte wählen Sie ein anderes Ziel.`,
  },
  missingRight: (labels: readonly string[]) =>
    `Für diese Änderung fehlt Ihnen das Recht ${labels.map((l) => `„${l}“`).join(' oder ')}.`,
  employeesNotFound: (ids: readonly number[]) =>
    `Mitarbeiter nicht gefunden: ${ids.join(', ')}. Bitte wählen Sie Mitarbeiter dieses Portals.`,
  designationForeign: 'Eine Bezeichnung gehört nicht zu diesem Ort. Bitte laden Sie die Seite neu.',
  fieldUnknownDesignation: 'Unbekannte Bezeichnung',
  designationTwice:
    'Eine Bezeichnung kommt an diesem Ort doppelt vor. Bitte wählen Sie eindeutige Bezeichnungen.',
  monthlyHoursContainerOnly: 'Monatsstunden können nur für einen Abteilungscontainer angegeben werden.',
  employeeResponsibleForLocations: (names: readonly string[]) =>
    `Der Mitarbeiter ist für ${names.length === 1 ? 'den Ort' : 'die Orte'} ${names.map((n) => `„${n}“`).join(', ')} als verantwortliche Person oder Eskalationsstufe eingetragen und kann nicht gelöscht werden. Bitte tragen Sie dort zuerst eine andere Person ein.`,
} as const;

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

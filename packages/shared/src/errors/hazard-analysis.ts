/** Hazard assessments: delete results (spec), release, inheritance, hazards (decision 021). */
import type { ErrorDefinition } from './definition.ts';

export const hazardAnalysisErrors = {
  ROUTE_FOUND: {
    status: 409,
    message:
      'Die Gefährdungsbeurteilung ist mit einem Fragebogen verknüpft und kann nicht gelöscht werden. Bitte setzen Sie sie stattdessen inaktiv.',
  },
  VERSION_FOUND: {
    status: 409,
    message:
      'Von der Gefährdungsbeurteilung existieren Versionen; sie kann nicht gelöscht werden. Bitte setzen Sie sie stattdessen inaktiv.',
  },
  FOREIGN_ENTRY: {
    status: 409,
    message:
      'Die Gefährdungsbeurteilung ist mit anderen Einträgen verknüpft (z. B. Maßnahmen, Gefahrstoffen, Objekten oder Unterweisungen) und kann nicht gelöscht werden. Bitte setzen Sie sie stattdessen inaktiv.',
  },
  HAZARD_ANALYSIS_INACTIVE: {
    status: 409,
    message:
      'Die Gefährdungsbeurteilung ist inaktiv und kann nicht geändert werden. Bitte aktivieren Sie sie zuerst.',
  },
  HAZARD_ANALYSIS_ALREADY_RELEASED: {
    status: 409,
    message: 'Dieser Stand der Gefährdungsbeurteilung ist bereits freigegeben.',
  },
  HAZARD_ANALYSIS_TEMPLATE_NO_RELEASE: {
    status: 400,
    message: 'Eine Vorlage wird nicht freigegeben. Legen Sie aus ihr eine Gefährdungsbeurteilung an.',
  },
  HAZARD_ANALYSIS_NO_HAZARDS: {
    status: 400,
    message: 'Eine Gefährdungsbeurteilung ohne Gefährdungen kann nicht freigegeben werden.',
  },
  HAZARD_ANALYSIS_INCOMPLETE: {
    status: 400,
    message: 'Bei freien Gefährdungen müssen Ursache und Schutzziel beschrieben sein.',
  },
  HAZARD_ANALYSIS_INHERITANCE_INVALID: {
    status: 409,
    message:
      'Die Vererbung ist so nicht möglich: Eine Gefährdungsbeurteilung erbt von höchstens einer Vorlage, und eine Vorlage erbt nicht selbst.',
  },
  HAZARD_INHERITED: {
    status: 409,
    message:
      'Titel, Ursache und Schutzziel einer geerbten Gefährdung werden in der Vorlage gepflegt. Hier können Sie Verantwortliche, Kommentar und Bewertung ändern.',
  },
  HAZARD_HAS_DONE_ACTIONS: {
    status: 409,
    message:
      'Die Gefährdung hat erledigte Maßnahmen. Erledigte Maßnahmen sind dokumentierte Nachweise; die Gefährdung kann deshalb nicht entfernt werden.',
  },
  HAZARD_NO_BRICK: {
    status: 400,
    message:
      'Die Gefährdung stammt aus keinem Gefährdungsbaustein; es gibt keine Maßnahmen zum Übernehmen. Legen Sie Maßnahmen mit „Maßnahme hinzufügen“ an.',
  },
  HAZARD_BRICK_ACTION_INVALID: {
    status: 400,
    message:
      'Die gewählte Maßnahme gehört nicht (mehr) zum Gefährdungsbaustein dieser Gefährdung. Bitte wählen Sie erneut.',
  },
  HAZARD_BRICK_ACTION_ADOPTED: {
    status: 409,
    message: 'Die Maßnahme wurde für diese Gefährdung bereits übernommen.',
  },
  HAZARD_ANALYSIS_TEMPLATE_NO_ACTIONS: {
    status: 400,
    message:
      'Vorlagen haben keine Maßnahmen. Übernehmen Sie die Maßnahmen in der Gefährdungsbeurteilung, die aus der Vorlage angelegt wird oder von ihr erbt.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const hazardAnalysisMessages = {
  releasedNeedsVersionRight:
    'Die Gefährdungsbeurteilung ist freigegeben. Für eine Änderung wird eine neue Version angelegt; dafür fehlt Ihnen das Recht „Neue Versionen von Gefährdungsbeurteilungen erstellen“.',
  locationRequired: 'Bitte wählen Sie einen Ort.',
  locationOutOfScope: 'Für diesen Ort fehlen Ihnen die Rechte.',
  templateGone: 'Die Vorlage ist nicht (mehr) vorhanden.',
  linkedToDocuments: (documents: number) =>
    `Die Gefährdungsbeurteilung ist mit ${documents} Dokument(en) verknüpft und kann nicht gelöscht werden. Bitte entfernen Sie die Zuordnungen oder setzen Sie sie stattdessen inaktiv.`,
  hazardHasDoneActions: (title: string, done: number) =>
    `Die Gefährdung „${title}“ hat ${done === 1 ? 'eine erledigte Maßnahme' : `${done} erledigte Maßnahmen`}. Erledigte Maßnahmen sind dokumentierte Nachweise; die Gefährdung kann deshalb nicht entfernt werden.`,
  brickGone: 'Der Gefährdungsbaustein ist nicht (mehr) vorhanden.',
  inheritedHazard:
    'Eine geerbte Gefährdung kann nicht einzeln entfernt werden. Heben Sie die Vererbung auf, um sie zu bearbeiten.',
  fieldBrickActionForeign: 'Die gewählte Maßnahme gehört nicht zum Gefährdungsbaustein dieser Gefährdung.',
  brickActionsAdopted: (identifiers: readonly string[]) =>
    identifiers.length === 1
      ? `Die Maßnahme ${identifiers.join(', ')} wurde für diese Gefährdung bereits übernommen. Bitte wählen Sie nur Maßnahmen, die noch fehlen.`
      : `Die Maßnahmen ${identifiers.join(', ')} wurden für diese Gefährdung bereits übernommen. Bitte wählen Sie nur Maßnahmen, die noch fehlen.`,
  templateOfInheritors: (inheritors: number) =>
    `Die Gefährdungsbeurteilung ist Vorlage einer Vererbung an ${inheritors} Gefährdungsbeurteilung(en) und kann nicht gelöscht werden. Bitte setzen Sie sie stattdessen inaktiv.`,
  linkedToActions: (actions: number) =>
    `Die Gefährdungsbeurteilung ist mit ${actions === 1 ? 'einer Maßnahme' : `${actions} Maßnahmen`} verknüpft und kann nicht gelöscht werden. Bitte setzen Sie sie stattdessen inaktiv.`,
  linkedToSubstances: (links: number) =>
    `Die Gefährdungsbeurteilung ist mit ${links === 1 ? 'einem Gefahrstoff' : `${links} Gefahrstoffen`} verknüpft und kann nicht gelöscht werden. Bitte setzen Sie sie stattdessen inaktiv.`,
  freeHazardsIncomplete: (titles: readonly string[]) =>
    `Bei freien Gefährdungen müssen Ursache und Schutzziel beschrieben sein: ${titles.join(', ')}.`,
} as const;

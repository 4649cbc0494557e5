/** Hazard bricks and their import/export (decisions 017, 018). */
import type { ErrorDefinition } from './definition.ts';

export const hazardBricksErrors = {
  HAZARD_BRICK_IDENTIFIER_EXISTS: {
    status: 409,
    message: 'Diese Kennung ist bereits an einen anderen Gefährdungsbaustein vergeben.',
  },
  HAZARD_BRICK_IN_USE: {
    status: 409,
    message:
      'Der Gefährdungsbaustein wird in Gefährdungsbeurteilungen verwendet und kann nicht gelöscht werden.',
  },
  HAZARD_BRICK_FILE_INVALID: {
    status: 400,
    message: 'Die Datei ist keine gültige Exportdatei mit Gefährdungsbausteinen. Es wurde nichts importiert.',
  },
  HAZARD_BRICK_FILE_EMPTY: {
    status: 400,
    message: 'Die Datei enthält keine Gefährdungsbausteine. Es wurde nichts importiert.',
  },
  HAZARD_BRICK_IMPORT_EXISTS: {
    status: 409,
    message:
      'Gefährdungsbausteine mit diesen Kennungen gibt es bereits. Es wurde nichts importiert. Bitte ändern Sie die Kennungen in der Datei oder löschen Sie die vorhandenen Bausteine.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const hazardBricksMessages = {
  usedInAnalyses: (analyses: number) =>
    `Der Gefährdungsbaustein wird in ${analyses} Gefährdungsbeurteilung(en) verwendet und kann nicht gelöscht werden.`,
  fieldIdentifierTaken: 'Diese Kennung ist bereits vergeben.',
  fileIdentifierTwice: (identifier: string) => `Die Kennung „${identifier}“ kommt in der Datei mehrfach vor.`,
  importIdentifiersExist: (identifiers: readonly string[], more: number) =>
    `Gefährdungsbausteine mit diesen Kennungen gibt es bereits: ${identifiers.join(', ')}${more > 0 ? ` und ${more} weitere` : ''}. Es wurde nichts importiert. Bitte ändern Sie die Kennungen in der Datei oder löschen Sie die vorhandenen Bausteine.`,
} as const;

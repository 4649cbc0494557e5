import { z } from 'zod';
import { createHazardBrickSchema, hazardBrickListQuerySchema } from './hazard-bricks.schema.ts';

/** The file format of exported hazard bricks (`*.hazardbricks.json`, decision 018). */
export const HAZARD_BRICKS_FILE_KIND = 'schutzwerk-hazard-bricks';
export const HAZARD_BRICKS_FILE_MAX_BRICKS = 5000;

export const hazardBricksFileSchema = z.object({
  kind: z.literal(HAZARD_BRICKS_FILE_KIND, {
    message: 'Die Datei ist keine Exportdatei mit Gefährdungsbausteinen.',
  }),
  formatVersion: z.literal(1, { message: 'Diese Version der Exportdatei wird nicht unterstützt.' }),
  bricks: z
    .array(createHazardBrickSchema)
    .max(
      HAZARD_BRICKS_FILE_MAX_BRICKS,
      `Eine Datei darf höchstens ${HAZARD_BRICKS_FILE_MAX_BRICKS} Gefährdungsbausteine enthalten.`,
    ),
});
export type HazardBricksFile = z.input<typeof hazardBricksFileSchema>;

/** Export: the bricks the list shows for this search and filter (all when none is given). */
export const hazardBricksExportQuerySchema = hazardBrickListQuerySchema.pick({ search: true, free: true });

/** Import: the file's text (read in the browser). */
export const importHazardBricksSchema = z.object({
  content: z.string().max(10_000_000, { message: 'Die Datei ist zu groß.' }),
});

export const importHazardBricksResultSchema = z.object({
  imported: z.number().int(),
  identifiers: z.array(z.string()),
});
export type ImportHazardBricksResult = z.infer<typeof importHazardBricksResultSchema>;

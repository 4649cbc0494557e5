import { hazardBricksMessages } from '@schutzwerk/shared/errors.ts';
import {
  HAZARD_BRICKS_FILE_KIND,
  hazardBricksFileSchema,
  type ImportHazardBricksResult,
} from '@schutzwerk/shared/hazard-bricks/hazard-bricks-file.schema.ts';
import type { Db } from '#db/client.ts';
import { analyzeTables } from '#db/maintenance.ts';
import type { Actor } from '#platform/access.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { HazardBricksRepository } from './hazard-bricks.repository.ts';
import { hazardBricks } from './hazard-bricks.table.ts';

const FIELDS = ['identifier', 'title', 'riskFrom', 'riskTo', 'free', 'description'] as const;
const MAX_LISTED = 10;

/** A file name for the download: `gefaehrdungsbausteine-2026-11-24.hazardbricks.json`. */
function exportFileName(now: Date): string {
  return `gefaehrdungsbausteine-${now.toISOString().slice(0, 10)}.hazardbricks.json`;
}

function groupBy<T extends { brickId: number }>(rows: T[]): Map<number, Omit<T, 'brickId'>[]> {
  const map = new Map<number, Omit<T, 'brickId'>[]>();
  for (const { brickId, ...rest } of rows) {
    const list = map.get(brickId) ?? [];
    list.push(rest);
    map.set(brickId, list);
  }
  return map;
}

/**
 * Export and import of the hazard brick catalogue as a JSON file (decision 018). The import is all or
 * nothing: an identifier that exists already refuses the whole file (nothing is overwritten silently).
 */
export function createHazardBricksTransfer({
  db,
  repository,
}: {
  db: Db;
  repository: HazardBricksRepository;
}) {
  return {
    /** The bricks the list shows for this search and filter, with their actions, guidelines and codes. */
    async exportFile(query: { search?: string | undefined; free?: boolean | undefined }) {
      const { bricks, actions, guidelines, verificationCodes: codes } = await repository.forExport(db, query);
      const [actionsOf, guidelinesOf, codesOf] = [groupBy(actions), groupBy(guidelines), groupBy(codes)];
      const now = new Date();
      return {
        fileName: exportFileName(now),
        content: JSON.stringify(
          {
            kind: HAZARD_BRICKS_FILE_KIND,
            formatVersion: 1,
            exportedAt: now.toISOString(),
            bricks: bricks.map((b) => ({
              identifier: b.identifier,
              title: b.title,
              riskFrom: b.riskFrom,
              riskTo: b.riskTo,
              free: b.free,
              description: b.description,
              actions: actionsOf.get(b.id) ?? [],
              guidelines: guidelinesOf.get(b.id) ?? [],
              verificationCodes: codesOf.get(b.id) ?? [],
            })),
          },
          null,
          2,
        ),
      };
    },

    /** Imports every brick of the file in one transaction, or none. */
    async importFile(actor: Actor, content: string): Promise<ImportHazardBricksResult> {
      if (content.trim() === '') throw new AppError('HAZARD_BRICK_FILE_EMPTY');
      let json: unknown;
      try {
        json = JSON.parse(content);
      } catch {
        throw new AppError('HAZARD_BRICK_FILE_INVALID');
      }
      // A file without data: no bricks list, or an empty one.
      const rawBricks = (json as { bricks?: unknown } | null)?.bricks;
      if (typeof json === 'object' && json !== null && (rawBricks === undefined || rawBricks === null))
        throw new AppError('HAZARD_BRICK_FILE_EMPTY');
      if (Array.isArray(rawBricks) && rawBricks.length === 0) throw new AppError('HAZARD_BRICK_FILE_EMPTY');
      const parsed = hazardBricksFileSchema.safeParse(json);
      if (!parsed.success) {
        throw new AppError('HAZARD_BRICK_FILE_INVALID', {
          details: parsed.error.issues.map((i) => ({
            path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
            message: i.message,
          })),
        });
      }
      const bricks = parsed.data.bricks;
      const seen = new Map<string, number>();
      const duplicates: { path: (string | number)[]; message: string }[] = [];
      bricks.forEach((b, i) => {
        const key = b.identifier.toLowerCase();
        if (seen.has(key))
          duplicates.push({
            path: ['bricks', i, 'identifier'],
            message: hazardBricksMessages.fileIdentifierTwice(b.identifier),
          });
        else seen.set(key, i);
      });
      if (duplicates.length > 0) throw new AppError('HAZARD_BRICK_FILE_INVALID', { details: duplicates });

      const result = await db.transaction(async (tx) => {
        const existing = await repository.existingIdentifiers(tx, [...seen.keys()]);
        if (existing.length > 0) {
          throw new AppError('HAZARD_BRICK_IMPORT_EXISTS', {
            message: hazardBricksMessages.importIdentifiersExist(
              existing.slice(0, MAX_LISTED),
              Math.max(0, existing.length - MAX_LISTED),
            ),
            details: existing.map((identifier) => ({ path: ['identifier'], message: identifier })),
          });
        }
        for (const input of bricks) {
          const fields = {
            identifier: input.identifier,
            title: input.title,
            riskFrom: input.riskFrom,
            riskTo: input.riskTo,
            free: input.free,
            description: input.description,
          };
          const row = await repository.insert(tx, fields);
          await repository.replaceActions(tx, row.id, input);
          await repository.replaceCodes(tx, row.id, input.verificationCodes);
          await recordChange(tx, {
            entity: 'hazard_brick',
            entityId: row.id,
            state: LOG_STATE.IMPORT,
            actorId: actor.employeeId,
            changes: diffFields({} as Record<string, unknown>, fields, FIELDS),
          });
        }
        return { imported: bricks.length, identifiers: bricks.map((b) => b.identifier) };
      });
      // A bulk write: fresh planner statistics for the catalogue (decision 035).
      await analyzeTables(db, [hazardBricks]);
      return result;
    },
  };
}

export type HazardBricksTransfer = ReturnType<typeof createHazardBricksTransfer>;

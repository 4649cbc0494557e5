import type { Answers } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The offline store of the checklist viewer (decision 059): the answers of a started fill, kept in the
 * browser's IndexedDB per employee and instance, with the server version and answers they started from —
 * so a later sync can tell a conflict with a newer server state instead of overwriting it.
 */
export type KeptFill = {
  key: string;
  employeeId: number;
  checklistId: number;
  instanceId: number;
  /** The server state the answers were typed on. */
  baseVersion: number;
  baseAnswers: Answers;
  answers: Answers;
  done: boolean;
  /** Saved while offline (or the save failed for the network): to be sent when online again. */
  queued: boolean;
  keptAt: string;
};

interface OfflineSchema extends DBSchema {
  fills: { key: string; value: KeptFill };
}

let opened: Promise<IDBPDatabase<OfflineSchema>> | null = null;
function database(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>('schutzwerk-offline', 1, {
    upgrade(db) {
      db.createObjectStore('fills', { keyPath: 'key' });
    },
  });
  return opened;
}

const keyOf = (employeeId: number, checklistId: number, instanceId: number) =>
  `${employeeId}:${checklistId}:${instanceId}`;

export async function keepFill(fill: Omit<KeptFill, 'key' | 'keptAt'>): Promise<void> {
  const db = await database();
  await db.put('fills', {
    ...fill,
    key: keyOf(fill.employeeId, fill.checklistId, fill.instanceId),
    keptAt: new Date().toISOString(),
  });
}

export async function loadFill(
  employeeId: number,
  checklistId: number,
  instanceId: number,
): Promise<KeptFill | undefined> {
  const db = await database();
  return db.get('fills', keyOf(employeeId, checklistId, instanceId));
}

export async function dropFill(employeeId: number, checklistId: number, instanceId: number): Promise<void> {
  const db = await database();
  await db.delete('fills', keyOf(employeeId, checklistId, instanceId));
}

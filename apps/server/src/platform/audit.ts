import { LOG_STATE, type LogState } from '@schutzwerk/shared/constants.ts';
import type { Executor } from '#db/client.ts';
import { changeLog } from './platform.table.ts';

export { LOG_STATE };
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

export type ChangeEntry = {
  entity: string;
  entityId: string | number;
  state: LogState;
  actorId: number | null;
  changes?: FieldChanges | null;
};

/** Writes one change-log row; call it inside the transaction that makes the change. */
export async function recordChange(ex: Executor, entry: ChangeEntry): Promise<void> {
  await ex.insert(changeLog).values({
    entity: entry.entity,
    entityId: String(entry.entityId),
    state: entry.state,
    actorId: entry.actorId,
    changes: entry.changes ?? null,
  });
}

/** The fields whose values differ between two snapshots (arrays compared as sorted sets). */
export function diffFields<T extends object>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const from = before[field];
    const to = after[field];
    if (!sameValue(from, to)) changes[field] = { from, to };
  }
  return changes;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    const sa = [...a].map(String).sort();
    const sb = [...b].map(String).sort();
    return sa.length === sb.length && sa.every((v, i) => v === sb[i]);
  }
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}

import type {
  Action,
  ActionType,
  Effectiveness,
  Person,
  TaskState,
} from '@schutzwerk/shared/actions/actions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import type { ActionSourceDescription } from './action-sources.ts';
import type { ActionAccess } from './actions.access.ts';
import type { ActionsDeps } from './actions.deps.ts';
import { executorKindOf } from './actions.fields.ts';
import type { ActionRecord } from './actions.repository.ts';

const UNKNOWN_SOURCE: ActionSourceDescription = { label: 'Unbekannte Herkunft', link: null };

export const dateIso = (d: Date | null) => (d ? d.toISOString() : null);

/** How actions are shown: their sources' labels and links, and the whole record with names and rights. */
export function createActionPresenter(
  { repository, sources }: Pick<ActionsDeps, 'repository' | 'sources'>,
  access: Pick<ActionAccess, 'canWrite'>,
) {
  /** Label and link of each row's source, asked of each source type once ('Unbekannte Herkunft' if none). */
  async function describe(ex: Executor, rows: readonly { sourceType: string; sourceId: number }[]) {
    const byType = new Map<string, Set<number>>();
    for (const row of rows) {
      const set = byType.get(row.sourceType) ?? new Set<number>();
      set.add(row.sourceId);
      byType.set(row.sourceType, set);
    }
    const out = new Map<string, ActionSourceDescription>();
    for (const [type, ids] of byType) {
      const source = sources.get(type);
      const described = source ? await source.describe(ex, [...ids]) : new Map();
      for (const id of ids) out.set(`${type}:${id}`, described.get(id) ?? UNKNOWN_SOURCE);
    }
    return (row: { sourceType: string; sourceId: number }) =>
      out.get(`${row.sourceType}:${row.sourceId}`) ?? UNKNOWN_SOURCE;
  }

  /** The whole action as the record page shows it, with the actor's rights to change and delete it. */
  async function present(ex: Executor, actor: Actor, row: ActionRecord): Promise<Action> {
    const people = await repository.peopleOf(ex, row.id);
    const named = await repository.persons(
      ex,
      [
        row.responsibleId,
        row.executorId,
        row.doneBy,
        row.effectivenessCheckedBy,
        ...people.participantIds,
        ...people.observerIds,
        ...people.affectedIds,
      ].filter((id): id is number => typeof id === 'number'),
    );
    const person = (id: number | null) => (id === null ? null : (named.get(id) ?? null));
    const list = (ids: number[]) => ids.map((id) => named.get(id)).filter((p): p is Person => Boolean(p));
    const location = row.locationId === null ? undefined : await repository.location(ex, row.locationId);
    const task = await repository.openActionTask(ex, row.id);
    const source = (await describe(ex, [row]))(row);
    const target = { ...row };
    return {
      id: row.id,
      sourceType: row.sourceType,
      sourceId: row.sourceId,
      sourceLabel: source.label,
      sourceLink: source.link,
      designation: row.designation,
      description: row.description,
      type: row.type as ActionType | null,
      dueDate: row.dueDate,
      done: row.done,
      doneAt: dateIso(row.doneAt),
      doneBy: person(row.doneBy),
      location: location ?? null,
      responsible: person(row.responsibleId) ?? {
        id: row.responsibleId,
        lastName: '',
        firstName: '',
        personnelNumber: '',
      },
      executorKind: executorKindOf(row),
      executor: person(row.executorId),
      externalExecutor: row.externalExecutor ?? '',
      participants: list(people.participantIds),
      observers: list(people.observerIds),
      affected: list(people.affectedIds),
      informational: row.informational,
      immediateFlags: row.immediateFlags,
      effectiveness: row.effectiveness as Effectiveness,
      effectivenessCheckedOn: row.effectivenessCheckedOn,
      effectivenessCheckedBy: person(row.effectivenessCheckedBy),
      task: task ? { id: task.id, state: task.state as TaskState, problemReason: task.problemReason } : null,
      canEdit: await access.canWrite(ex, actor, target, [P.ACTIONS_EDIT]),
      canDelete: await access.canWrite(ex, actor, target, [P.ACTIONS_DELETE]),
      version: row.version,
    };
  }

  return { describe, present };
}

export type ActionPresenter = ReturnType<typeof createActionPresenter>;

import { GENERAL_SOURCE } from '@schutzwerk/shared/actions/actions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import type { ActionsDeps } from './actions.deps.ts';
import type { ActionReadScope, ActionRecord } from './actions.repository.ts';

/** What a write is checked against: the action's source, location and responsible person. */
export type WriteTarget = {
  sourceType: string;
  sourceId: number;
  locationId: number | null;
  responsibleId: number;
};

/**
 * Who may read and change which actions (decision 020). Reading: ACTIONS_ALL the whole portal; everyone
 * the actions they are involved in (responsible, executor, participant, observer, affected); ACTIONS_AREA
 * the actions at locations of their own area; and a registered source may grant reading its records' actions.
 */
export function createActionAccess({
  repository,
  sources,
  ownedLocations,
}: Pick<ActionsDeps, 'repository' | 'sources' | 'ownedLocations'>) {
  /** The actions an actor may read without a source grant: all (ACTIONS_ALL), own locations (AREA), own. */
  async function readScope(ex: Executor, actor: Actor): Promise<ActionReadScope> {
    if (actorHasAny(actor, P.ACTIONS_ALL)) return { portalId: actor.portalId, all: true };
    const locationIds = actorHasAny(actor, P.ACTIONS_AREA)
      ? [...(await ownedLocations(ex, actor.employeeId))]
      : [];
    return { portalId: actor.portalId, all: false, employeeId: actor.employeeId, locationIds };
  }

  async function isInvolved(ex: Executor, actor: Actor, row: ActionRecord): Promise<boolean> {
    if (row.responsibleId === actor.employeeId || row.executorId === actor.employeeId) return true;
    return repository.isPersonOfAction(ex, row.id, actor.employeeId);
  }

  async function inOwnArea(ex: Executor, actor: Actor, locationId: number | null): Promise<boolean> {
    if (locationId === null || !actorHasAny(actor, P.ACTIONS_AREA)) return false;
    return (await ownedLocations(ex, actor.employeeId)).has(locationId);
  }

  async function canRead(ex: Executor, actor: Actor, row: ActionRecord): Promise<boolean> {
    if (row.portalId !== actor.portalId) return false;
    if (actorHasAny(actor, P.ACTIONS_ALL)) return true;
    if (await isInvolved(ex, actor, row)) return true;
    if (await inOwnArea(ex, actor, row.locationId)) return true;
    const source = sources.get(row.sourceType);
    return row.sourceType !== GENERAL_SOURCE && source ? source.canRead(actor, ex, row.sourceId) : false;
  }

  /**
   * May the actor create/change/delete an action of this source with one of `rights`? The right itself, a
   * registered source that agrees (deny by default) and, for stand-alone actions, the location scope:
   * ACTIONS_ALL, a location of one's own area (ACTIONS_AREA), or being the responsible person.
   */
  async function canWrite(
    ex: Executor,
    actor: Actor,
    target: WriteTarget,
    rights: number[],
  ): Promise<boolean> {
    if (!actorHasAny(actor, ...rights)) return false;
    const source = sources.get(target.sourceType);
    if (!source) return false;
    if (!(await source.canEdit(actor, ex, target.sourceId))) return false;
    if (target.sourceType !== GENERAL_SOURCE) return true;
    if (actorHasAny(actor, P.ACTIONS_ALL)) return true;
    if (await inOwnArea(ex, actor, target.locationId)) return true;
    return target.responsibleId === actor.employeeId;
  }

  return { readScope, canRead, canWrite };
}

export type ActionAccess = ReturnType<typeof createActionAccess>;

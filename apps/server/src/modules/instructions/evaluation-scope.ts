import { P } from '@schutzwerk/shared/permissions.ts';
import type { Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import type { EvaluationScope } from './evaluations.repository.ts';
import { unitReach } from './reach.ts';

/**
 * The caller's scope of every evaluation tab (decisions 073, 076, 077): the reach (decision 069), externals only
 * with TOPICS_EVALUATE_EXTERNAL, inactive employees only on request and with TOPICS_EVALUATE_INACTIVE (else 403
 * EVALUATION_INACTIVE_NOT_PERMITTED), the page's filters; `restricted` says whether the reach limited anything.
 */
export async function evaluationScope(
  ex: Executor,
  actor: Actor,
  filters: { topicId?: number | undefined; locationId?: number | undefined; includeInactive: boolean },
): Promise<{ scope: EvaluationScope; restricted: boolean }> {
  if (filters.includeInactive && !actorHasAny(actor, P.TOPICS_EVALUATE_INACTIVE))
    throw new AppError('EVALUATION_INACTIVE_NOT_PERMITTED');
  const reach = await unitReach(ex, actor);
  return {
    scope: {
      portalId: actor.portalId,
      departments: reach.departments ? [...reach.departments] : null,
      locations: reach.locations ? [...reach.locations] : null,
      externals: actorHasAny(actor, P.TOPICS_EVALUATE_EXTERNAL),
      inactive: filters.includeInactive,
      topicId: filters.topicId,
      locationId: filters.locationId,
    },
    restricted: reach.departments !== null || (reach.locations !== null && reach.locations.size > 0),
  };
}

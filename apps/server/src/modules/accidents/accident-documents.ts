import { P } from '@schutzwerk/shared/permissions.ts';
import type { Executor } from '#db/client.ts';
import type { DocumentLinkTargets } from '#modules/documents/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { accidentsRepository } from './accidents.repository.ts';

/** The entity name of accident reports in the documents' attach API (photos, decision 047). */
export const ACCIDENT_LINK_ENTITY = 'accident_report';

async function readable(ex: Executor, actor: Actor, id: number): Promise<boolean> {
  if (!actorHasAny(actor, P.ACCIDENT_REPORTS)) return false;
  const row = await accidentsRepository.find(ex, id);
  if (!row || row.portalId !== actor.portalId) return false;
  const scope = actorHasAny(actor, P.ACCIDENT_REPORTS_ALL)
    ? ({ all: true } as const)
    : ({ all: false, employeeId: actor.employeeId } as const);
  return accidentsRepository.inScope(ex, id, scope);
}

/**
 * Photos and other files of a report through the documents' attach API (decision 016): readers of the report see
 * them; the editors (ACCIDENT_REPORTS_EDIT) and the report's creator attach and detach.
 */
export function registerAccidentDocuments(deps: { documents: { linkTargets: DocumentLinkTargets } }): void {
  deps.documents.linkTargets[ACCIDENT_LINK_ENTITY] = {
    canRead: readable,
    async assertCanChange(tx, actor, id) {
      if (!(await readable(tx, actor, id))) throw new AppError('NOT_FOUND');
      const row = await accidentsRepository.find(tx, id);
      if (!actorHasAny(actor, P.ACCIDENT_REPORTS_EDIT) && row?.createdBy !== actor.employeeId)
        throw new AppError('NO_PERMISSION');
    },
  };
}

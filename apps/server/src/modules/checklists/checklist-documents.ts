import type { Executor } from '#db/client.ts';
import type { DocumentLinkTargets } from '#modules/documents/index.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import type { ChecklistsService } from './checklists.service.ts';

/** The entity name of filled checklists in the documents' attach API (photos from the shop floor, decision 059). */
const CHECKLIST_INSTANCE_LINK_ENTITY = 'checklist_instance';

/**
 * Photos and files of a filled checklist through the documents' attach API (decision 016): whoever may read the
 * instance sees them; whoever may fill it attaches and detaches.
 */
export function registerChecklistDocuments(deps: {
  documents: { linkTargets: DocumentLinkTargets };
  checklists: Pick<ChecklistsService, 'instanceAccess'>;
}): void {
  deps.documents.linkTargets[CHECKLIST_INSTANCE_LINK_ENTITY] = {
    canRead: async (ex: Executor, actor: Actor, id: number) =>
      (await deps.checklists.instanceAccess(ex, actor, id)) !== 'none',
    async assertCanChange(tx: Executor, actor: Actor, id: number) {
      const access = await deps.checklists.instanceAccess(tx, actor, id);
      if (access === 'none') throw new AppError('NOT_FOUND');
      if (access !== 'edit') throw new AppError('NO_PERMISSION');
    },
  };
}

import type { Executor } from '#db/client.ts';
import type { ActionSource } from '#modules/actions/index.ts';
import type { DocumentLinkTargets } from '#modules/documents/index.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import {
  CHECKLIST_ACTION_SOURCE,
  CHECKLIST_DOCUMENT_ENTITY,
  type ChecklistsService,
} from './checklists.service.ts';

/**
 * A filled checklist as an action source (task cells, decision 061) and as a target of the documents'
 * attach API (document management cells): readers of the instance see them, fillers change them.
 */
export function registerChecklistWiring(deps: {
  checklists: ChecklistsService;
  actions: { sources: { register(type: string, source: ActionSource): void } };
  documents: { linkTargets: DocumentLinkTargets };
}): void {
  const { checklists } = deps;
  deps.actions.sources.register(CHECKLIST_ACTION_SOURCE, {
    async describe(ex: Executor, ids: readonly number[]) {
      const out = new Map<number, { label: string; link: string | null }>();
      for (const [id, d] of await checklists.describeInstances(ex, ids))
        out.set(id, {
          label: `Checkliste „${d.label}“`,
          link: `/audits/checklist/${d.checklistId}?instance=${id}`,
        });
      return out;
    },
    async canRead(actor: Actor, ex: Executor, instanceId: number) {
      return (await checklists.instanceAccess(ex, actor, instanceId)) !== null;
    },
    async canEdit(actor: Actor, ex: Executor, instanceId: number) {
      return (await checklists.instanceAccess(ex, actor, instanceId))?.canEdit ?? false;
    },
    async portalOf(ex: Executor, instanceId: number) {
      return (await checklists.describeInstances(ex, [instanceId])).get(instanceId)?.portalId ?? null;
    },
  });
  deps.documents.linkTargets[CHECKLIST_DOCUMENT_ENTITY] = {
    async canRead(ex, actor, instanceId) {
      return (await checklists.instanceAccess(ex, actor, instanceId)) !== null;
    },
    async assertCanChange(tx, actor, instanceId) {
      const access = await checklists.instanceAccess(tx, actor, instanceId);
      if (!access) throw new AppError('NOT_FOUND');
      if (!access.canEdit) throw new AppError('NO_PERMISSION');
      // An approved checklist's photos and files are final too (decision 070).
      await checklists.assertInstanceTakesChanges(tx, actor, instanceId);
    },
  };
}

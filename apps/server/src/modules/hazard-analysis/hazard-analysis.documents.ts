import { hazardAnalysisMessages } from '@schutzwerk/shared/errors.ts';
import type { FrozenDocument } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Executor } from '#db/client.ts';
import { completeOpenTasks, createTask, deleteOpenTasks, openTasks } from '#modules/actions/index.ts';
import type {
  DocumentChangeHook,
  DocumentLinkTargets,
  DocumentsRepository,
} from '#modules/documents/index.ts';
import { actorHasAny } from '#platform/access.ts';
import type { HazardAnalysisHooks } from './hazard-analysis.ports.ts';
import { hazardAnalysisRepository as analyses } from './hazard-analysis.repository.ts';
import type { HazardAnalysisService } from './hazard-analysis.service.ts';
import { ANALYSIS_TASK_SOURCE } from './hazard-analysis.tasks.ts';

/** The entity name of assessments in the documents' attach API (`document_links.entity`). */
export const ANALYSIS_LINK_ENTITY = 'hazard_analysis';

/** A document task opens the document; the path also tells an assessment's document tasks apart. */
export const documentTaskPath = (documentId: number) => `/documents/${documentId}`;

type LinkedDocuments = Pick<DocumentsRepository, 'linkedDocuments'>;

/**
 * The document tasks of an assessment (decision 021, Documents and document tasks), derived from the state:
 * one open task (kind 'document') per linked document that has a responsible person and a next check date,
 * for that person, due at the next check. Templates and inactive assessments have none. Unchanged tasks are
 * kept (their reminder stamp too); changed ones are replaced. `documentId` limits the sync to one document.
 */
export async function syncDocumentTasks(
  ex: Executor,
  documents: LinkedDocuments,
  analysisId: number,
  documentId?: number,
): Promise<void> {
  const row = await analyses.findById(ex, analysisId);
  const wanted = new Map<string, { assigneeId: number; dueDate: string; title: string }>();
  if (row && !row.isTemplate && row.active) {
    for (const d of await documents.linkedDocuments(ex, ANALYSIS_LINK_ENTITY, analysisId, documentId)) {
      if (d.responsibleId === null || d.nextCheck === null || d.portalId !== row.portalId) continue;
      wanted.set(documentTaskPath(d.id), {
        assigneeId: d.responsibleId,
        dueDate: d.nextCheck,
        title: `Dokument „${d.label}“ prüfen (Gefährdungsbeurteilung „${row.bezeichnung}“)`,
      });
    }
  }
  const selector = {
    sourceType: ANALYSIS_TASK_SOURCE,
    sourceId: analysisId,
    kinds: ['document'] as const,
    ...(documentId === undefined ? {} : { linkPath: documentTaskPath(documentId) }),
  };
  const byPath = new Map<string, Awaited<ReturnType<typeof openTasks>>>();
  for (const task of await openTasks(ex, selector)) {
    const path = task.linkPath ?? '';
    byPath.set(path, [...(byPath.get(path) ?? []), task]);
  }
  for (const [path, existing] of byPath) {
    const want = wanted.get(path);
    const [only] = existing;
    if (
      want &&
      existing.length === 1 &&
      only?.assigneeId === want.assigneeId &&
      only.dueDate === want.dueDate &&
      only.title === want.title
    ) {
      wanted.delete(path);
      continue;
    }
    await deleteOpenTasks(ex, { ...selector, linkPath: path });
  }
  if (!row) return;
  for (const [path, want] of wanted) {
    await createTask(ex, {
      portalId: row.portalId,
      kind: 'document',
      sourceType: ANALYSIS_TASK_SOURCE,
      sourceId: analysisId,
      linkPath: path,
      ...want,
    });
  }
}

/**
 * Wiring of documents on assessments (app.ts): the assessment as link target of the attach API (rights and
 * released state from the hazard-analysis service, then the document task), the documents' change hook
 * (responsible / next check / label changed, check recorded, document deleted), the document tasks on
 * activation (inactivation deletes them with the other own tasks, hazard-analysis.tasks.ts), the documents
 * frozen with each release, and a deletion guard while documents are linked.
 */
export function registerAnalysisDocuments(deps: {
  documents: {
    repository: DocumentsRepository;
    linkTargets: DocumentLinkTargets;
    onDocumentChanged: DocumentChangeHook[];
  };
  hazardAnalysis: { service: HazardAnalysisService; hooks: HazardAnalysisHooks };
}): void {
  const { repository } = deps.documents;
  const { service, hooks } = deps.hazardAnalysis;
  const target = service.documentLinkTarget;

  deps.documents.linkTargets[ANALYSIS_LINK_ENTITY] = {
    canRead: target.canRead,
    mayCheck: target.mayCheck,
    assertCanChange: target.assertCanChange,
    async onChanged(tx, actor, event) {
      await target.onChanged(tx, actor, event);
      await syncDocumentTasks(tx, repository, event.entityId, event.documentId);
    },
  };

  deps.documents.onDocumentChanged.push(async (tx, event) => {
    for (const link of event.links) {
      if (link.entity !== ANALYSIS_LINK_ENTITY) continue;
      if (event.reason === 'checked') {
        // The check is done: the open task is completed; the next one follows from the new next check date.
        await completeOpenTasks(tx, {
          sourceType: ANALYSIS_TASK_SOURCE,
          sourceId: link.entityId,
          kinds: ['document'],
          linkPath: documentTaskPath(event.documentId),
          comment: 'Dokument geprüft',
          actorId: event.actorId,
        });
      }
      await syncDocumentTasks(tx, repository, link.entityId, event.documentId);
    }
  });

  hooks.onActivate.push((ex, event) => syncDocumentTasks(ex, repository, event.analysisId));

  hooks.frozenDocuments ??= [];
  hooks.frozenDocuments.push(
    async (ex, analysisId): Promise<FrozenDocument[]> =>
      (await repository.linkedDocuments(ex, ANALYSIS_LINK_ENTITY, analysisId)).map((d) => ({
        id: d.id,
        label: d.label,
        type: d.type,
        fileVersionId: d.fileVersionId,
        fileVersionNumber: d.fileVersionNumber,
        fileName: d.fileName,
        confidential: d.confidential,
      })),
  );

  // A confidential document's file name is hidden without DOCUMENTS_CONFIDENTIAL in frozen versions too: if it
  // was confidential at release or is now (the flag may be set later).
  hooks.presentFrozenDocuments ??= [];
  hooks.presentFrozenDocuments.push(async (ex, actor, frozen) => {
    if (actorHasAny(actor, P.DOCUMENTS_CONFIDENTIAL)) return frozen;
    const now = await repository.confidentialIds(
      ex,
      frozen.map((d) => d.id),
    );
    return frozen.map((d) => (d.confidential || now.has(d.id) ? { ...d, fileName: null } : d));
  });

  hooks.deletionGuards.push(async (ex, analysisId) => {
    const n = (await repository.linkedDocuments(ex, ANALYSIS_LINK_ENTITY, analysisId)).length;
    return n === 0 ? null : hazardAnalysisMessages.linkedToDocuments(n);
  });
}

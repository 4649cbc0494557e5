import { instructionsMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Executor } from '#db/client.ts';
import type { DocumentLinkTargets, DocumentsRepository } from '#modules/documents/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { instructionsRepository } from './instructions.repository.ts';
import type { TopicDeletionGuard } from './instructions.service.ts';

/** The entity name of topics in the documents' attach API (`document_links.entity`). */
export const TOPIC_LINK_ENTITY = 'instruction_topic';

async function readable(ex: Executor, actor: Actor, topicId: number): Promise<boolean> {
  if (!actorHasAny(actor, P.TOPICS)) return false;
  const topic = await instructionsRepository.findTopic(ex, topicId);
  return topic !== undefined && topic.portalId === actor.portalId;
}

/**
 * Documents of a topic (spec "Instruction (definition)": documents; decision 043): the attach API of the
 * documents module (decision 016) with topics as a link target — readers of topics (TOPICS) of the portal see
 * the linked documents, TOPICS_EDIT attaches and detaches; a topic with linked documents is not deleted (the
 * links are released first; the documents stay).
 */
export function registerTopicDocuments(deps: {
  documents: { repository: DocumentsRepository; linkTargets: DocumentLinkTargets };
  deletionGuards: TopicDeletionGuard[];
}): void {
  deps.documents.linkTargets[TOPIC_LINK_ENTITY] = {
    canRead: readable,
    async assertCanChange(tx, actor, topicId) {
      if (!(await readable(tx, actor, topicId))) throw new AppError('NOT_FOUND');
      if (!actorHasAny(actor, P.TOPICS_EDIT)) throw new AppError('NO_PERMISSION');
    },
  };
  deps.deletionGuards.push(async (ex, topicId) => {
    const linked = await deps.documents.repository.linkedDocuments(ex, TOPIC_LINK_ENTITY, topicId);
    return linked.length === 0 ? null : instructionsMessages.topicHasDocuments(linked.length);
  });
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { instructionsRepository } from './instructions.repository.ts';
import type { InstructionsService } from './instructions.service.ts';
import { topicMediaRoutes } from './topic-media.routes.ts';
import { createTopicMediaService, type MediaFiles } from './topic-media.ts';

/**
 * A topic's presentation file and its questions' images (decision 044), kept in the documents' file store
 * (`files`, handed over in app.ts).
 */
export function topicMediaModule(deps: {
  db: Db;
  files: MediaFiles;
  topics: Pick<InstructionsService, 'presentIn'>;
}) {
  const service = createTopicMediaService({
    db: deps.db,
    repository: instructionsRepository,
    files: deps.files,
    present: deps.topics.presentIn,
  });
  return {
    service,
    register: (app: FastifyInstance) => app.register(topicMediaRoutes(service), { prefix: '/api' }),
  };
}

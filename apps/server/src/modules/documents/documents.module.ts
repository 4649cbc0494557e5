import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { documentsRepository } from './documents.repository.ts';
import { documentsRoutes } from './documents.routes.ts';
import {
  createDocumentsService,
  type DocumentChangeHook,
  type DocumentLinkTargets,
  LOCATION_LINK_TARGET,
} from './documents.service.ts';
import { createFileStore } from './file-store.ts';

/**
 * Document management with the content-addressed file store (decision 016). Other modules register their
 * records in `linkTargets` (the attach API) and follow document changes through `onDocumentChanged`.
 */
export function documentsModule(deps: { db: Db; filesDir: string }) {
  const repository = documentsRepository;
  const files = createFileStore(deps.filesDir);
  const linkTargets: DocumentLinkTargets = { location: LOCATION_LINK_TARGET };
  const onDocumentChanged: DocumentChangeHook[] = [];
  const service = createDocumentsService({ db: deps.db, repository, files, linkTargets, onDocumentChanged });
  return {
    repository,
    service,
    files,
    linkTargets,
    onDocumentChanged,
    register: (app: FastifyInstance) => app.register(documentsRoutes(service), { prefix: '/api' }),
  };
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { createDocumentsRepository } from './documents.repository.ts';
import { documentsRoutes } from './documents.routes.ts';
import { createDocumentsService } from './documents.service.ts';
import { createFileStore } from './file-store.ts';

/** Document management with the content-addressed file store (decision 016). */
export function documentsModule(deps: { db: Db; filesDir: string }) {
  const repository = createDocumentsRepository(deps.db);
  const files = createFileStore(deps.filesDir);
  const service = createDocumentsService({ db: deps.db, repository, files });
  return {
    repository,
    service,
    files,
    register: (app: FastifyInstance) => app.register(documentsRoutes(service), { prefix: '/api' }),
  };
}

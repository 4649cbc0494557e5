import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InstructionSettings } from '@schutzwerk/shared/settings/instructions.settings.ts';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '#db/client.ts';
import { scormRoutes } from './scorm.routes.ts';
import { createScormService, type ScormFiles } from './scorm.service.ts';

/** The runtime files the sandboxed frame loads: scorm-again's builds and our bridge (scorm-frame.js). */
export function scormRuntimeFiles() {
  const dist = path.dirname(createRequire(import.meta.url).resolve('scorm-again/scorm12'));
  return {
    scorm12: path.join(dist, 'scorm12.min.js'),
    scorm2004: path.join(dist, 'scorm2004.min.js'),
    frame: path.join(path.dirname(fileURLToPath(import.meta.url)), 'scorm-frame.js'),
  };
}

/**
 * SCORM packages as the content of instruction topics (decision 068): upload into the documents' store, the
 * learner's launch in a sandboxed frame with scorm-again, commits, resume and completion into the assignment.
 */
export function scormModule(deps: {
  db: Db;
  files: ScormFiles;
  settings: (ex: Executor, portalId: number) => Promise<InstructionSettings>;
  now?: () => Date;
}) {
  const service = createScormService(deps);
  return {
    service,
    register: (app: FastifyInstance) =>
      app.register(scormRoutes(service, scormRuntimeFiles()), { prefix: '/api' }),
  };
}

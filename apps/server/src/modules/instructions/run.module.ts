import type { InstructionSettings } from '@schutzwerk/shared/settings/instructions.settings.ts';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '#db/client.ts';
import { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import { assignmentsRepository } from './assignments.repository.ts';
import { instructionsRepository } from './instructions.repository.ts';
import { runRepository } from './run.repository.ts';
import { runRoutes } from './run.routes.ts';
import { createRunService } from './run.service.ts';
import type { MediaFiles } from './topic-media.ts';

/**
 * The employee's run-through of instructions, the feedback dialog and the certificate (decision 041). Its
 * settings (executable window) come from the settings tab „Unterweisungen“; the certificate uses the report
 * engine's PDF frame with the operator's logo.
 */
export function instructionRunModule(deps: {
  db: Db;
  settings: (ex: Executor, portalId: number) => Promise<InstructionSettings>;
  system: (ex: Executor) => Promise<{ companyName: string; applicationUrl: string }>;
  logo: () => Promise<Buffer | null>;
  /** The documents' file store (the presentation and the questions' images, decision 044). */
  files: Pick<MediaFiles, 'exists' | 'open'>;
  now?: () => Date;
}) {
  const service = createRunService({
    db: deps.db,
    repository: runRepository,
    assignments: assignmentsRepository,
    topics: instructionsRepository,
    settings: deps.settings,
    system: deps.system,
    mail: { render: renderTemplateMail, enqueue: enqueueMail },
    logo: deps.logo,
    files: deps.files,
    ...(deps.now ? { now: deps.now } : {}),
  });
  return {
    service,
    register: (app: FastifyInstance) => app.register(runRoutes(service), { prefix: '/api' }),
  };
}

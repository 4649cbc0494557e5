import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '#db/client.ts';
import { instructionSettings } from '#modules/settings/index.ts';
import { createLoginThrottle, type ThrottleSettings } from '#platform/login-throttle.ts';
import { externalRepository } from './external.repository.ts';
import { externalRetentionJob } from './external.retention.ts';
import { externalRoutes } from './external.routes.ts';
import { createExternalService } from './external.service.ts';
import { runRepository } from './run.repository.ts';
import type { MediaFiles } from './topic-media.ts';

/**
 * The public kiosk's limits per address (decision 074), counted like sign-ins (platform/login-throttle.ts):
 * starting a run — a visitor needs one, a kiosk at a gate maybe a few dozen an hour; everything else — the
 * answers, state and images of the runs under way.
 */
const START_LIMITS: ThrottleSettings = {
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
  maxPerAccount: 30,
  maxPerAddress: 30,
};
const KIOSK_LIMITS: ThrottleSettings = {
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
  maxPerAccount: 600,
  maxPerAddress: 600,
};

/** External instructions: settings per location, the public kiosk and the records (decisions 074, 078). */
export function externalInstructionsModule(deps: {
  db: Db;
  files: MediaFiles;
  system: (ex: Executor) => Promise<{ companyName: string }>;
  logo: () => Promise<Buffer | null>;
  now?: () => Date;
}) {
  const service = createExternalService({
    db: deps.db,
    repository: externalRepository,
    questions: runRepository,
    files: deps.files,
    startThrottle: createLoginThrottle(deps.db, START_LIMITS),
    answerThrottle: createLoginThrottle(deps.db, KIOSK_LIMITS),
    system: deps.system,
    logo: deps.logo,
    ...(deps.now ? { now: deps.now } : {}),
  });
  return {
    service,
    /** The retention of the records (decision 078); app.ts adds it to the scheduler's jobs. */
    jobs: [externalRetentionJob({ portalSettings: instructionSettings })],
    register: (app: FastifyInstance) => app.register(externalRoutes(service), { prefix: '/api' }),
  };
}

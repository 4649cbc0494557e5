import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { JobDefinition } from './job.ts';
import { databaseMaintenanceJob, runHistoryCleanupJob } from './scheduler.jobs.ts';
import { schedulerRoutes } from './scheduler.routes.ts';
import { createScheduler, type Scheduler, type SchedulerOptions } from './scheduler.runner.ts';
import { createSchedulerService } from './scheduler.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The runner of this app process (tests drive it with runDue()). */
    scheduler: Scheduler;
  }
}

/**
 * Scheduled tasks (Aufgabenplanung, decision 010). Task rows are ensured from `jobs` when the app is
 * ready; the ticker runs only when `enabled` (config SCHEDULER) and stops when the app closes.
 */
export function schedulerModule(
  deps: {
    db: Db;
    jobs: readonly JobDefinition[];
    enabled: boolean;
    /** True when no other process can use the database (PGlite): left-over runs are failed at start. */
    singleProcess?: boolean;
  } & Omit<SchedulerOptions, 'db' | 'jobs'>,
) {
  // The scheduler's own housekeeping and the database maintenance are jobs like any other.
  const scheduler = createScheduler({
    ...deps,
    jobs: [...deps.jobs, runHistoryCleanupJob(), databaseMaintenanceJob()],
  });
  const service = createSchedulerService({
    db: deps.db,
    repository: scheduler.repository,
    scheduler,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  return {
    scheduler,
    service,
    async register(app: FastifyInstance) {
      app.decorate('scheduler', scheduler);
      app.addHook('onReady', async () => {
        await scheduler.ensureTasks();
        if (deps.singleProcess) await scheduler.recoverAbandoned();
        if (deps.enabled) scheduler.start();
      });
      app.addHook('onClose', async () => {
        await scheduler.stop();
      });
      await app.register(schedulerRoutes(service), { prefix: '/api' });
    },
  };
}

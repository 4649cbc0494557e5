import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { occupationalMedicineRepository } from './occupational-medicine.repository.ts';
import { occupationalMedicineRoutes } from './occupational-medicine.routes.ts';
import { createOccupationalMedicineService } from './occupational-medicine.service.ts';
import {
  type AppointmentsPort,
  createPrecautionAssignments,
  precautionAssignmentsJob,
} from './precaution-assignments.ts';
import { coordinatorReminders } from './precaution-coordinators.ts';
import { precautionDashboardRoutes } from './precaution-dashboard.routes.ts';
import { precautionSyncRepository } from './precaution-sync.repository.ts';
import { precautionSyncRoutes } from './precaution-sync.routes.ts';
import { createPrecautionSyncService } from './precaution-sync.service.ts';

/** Occupational-medical precaution, first slice (decision 057). */
export function occupationalMedicineModule(deps: {
  db: Db;
  settings: Pick<SettingsService, 'read'>;
  /** A recorded check-up completes the booked appointment of its item (decision 072). */
  appointments?: AppointmentsPort;
  /** The coordinators' reminder mails (decision 072). */
  mail: { render: typeof renderTemplateMail; enqueue: typeof enqueueMail };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  // Due precautions as check-up assignments of the instructions module (decision 064).
  const assignments = createPrecautionAssignments({
    settings: deps.settings,
    now,
    ...(deps.appointments ? { appointments: deps.appointments } : {}),
  });
  const service = createOccupationalMedicineService({
    ...deps,
    repository: occupationalMedicineRepository,
    hooks: { changed: assignments.syncEmployee, checkupRecorded: assignments.checkupRecorded },
  });
  // The medical-examination sync wizard (decision 065).
  const sync = createPrecautionSyncService({
    ...deps,
    repository: occupationalMedicineRepository,
    syncRepository: precautionSyncRepository,
    hooks: { checkupRecorded: assignments.checkupRecorded },
  });
  return {
    service,
    sync,
    jobs: [precautionAssignmentsJob(assignments)],
    /** The coordinators get the reminders of their employees' due precautions (decision 072). */
    reminderHook: coordinatorReminders(deps.mail),
    async register(app: FastifyInstance) {
      await app.register(occupationalMedicineRoutes(service), { prefix: '/api' });
      await app.register(precautionSyncRoutes(sync), { prefix: '/api' });
      await app.register(precautionDashboardRoutes({ db: deps.db, settings: deps.settings, now }), {
        prefix: '/api',
      });
    },
  };
}

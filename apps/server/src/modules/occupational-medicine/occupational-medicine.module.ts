import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { occupationalMedicineRepository } from './occupational-medicine.repository.ts';
import { occupationalMedicineRoutes } from './occupational-medicine.routes.ts';
import { createOccupationalMedicineService } from './occupational-medicine.service.ts';

/** Occupational-medical precaution, first slice (decision 057). */
export function occupationalMedicineModule(deps: {
  db: Db;
  settings: Pick<SettingsService, 'read'>;
  now?: () => Date;
}) {
  const service = createOccupationalMedicineService({ ...deps, repository: occupationalMedicineRepository });
  return {
    service,
    register: (app: FastifyInstance) => app.register(occupationalMedicineRoutes(service), { prefix: '/api' }),
  };
}
